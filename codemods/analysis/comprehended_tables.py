"""The item of a constant table built by a dict comprehension: `{name: P("batch", "lon") for name
in SURFACE_VARS}` read as `TRAIN_SPECS["v10"]`.

The comprehension walks a tuple, list or dict literal of strings the file never changes, its key is
the loop variable itself, and its value does not read that variable: every key the sequence
gives holds that same value. Anything else (a filter, a nested loop, a value built from the key)
is unknown (None).
"""
from __future__ import annotations

from codemods.analysis.cst_children import reads_name
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def comprehension_item(ctx: FileContext, table, key: str) -> cst.BaseExpression | None:
    """The value `table` (a DictComp) holds at `key`, when certain; else None."""
    from codemods.analysis.loop_keys import _literal_keys
    from codemods.analysis.spec_sources import follow_spec
    from codemods.analysis.table_changes import _mutated

    if not isinstance(table, cst.DictComp):
        return None
    loop = table.for_in
    if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None \
            or not isinstance(loop.target, cst.Name) or not isinstance(table.key, cst.Name) \
            or table.key.value != loop.target.value or reads_name(table.value, loop.target.value):
        return None
    mutated = _mutated(ctx)
    if isinstance(loop.iter, cst.Name) and (loop.iter.value in mutated or "*" in mutated):
        return None
    walked = follow_spec(ctx, loop.iter)[0]  # written out: a parameter's keys may differ call by call
    keys = _literal_keys(walked) if isinstance(walked, (cst.Tuple, cst.List, cst.Dict)) else None
    return table.value if keys is not None and key in keys else None
