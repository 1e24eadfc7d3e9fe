"""`warnings` filters in a script run (script_run.py; issue 13): a training script silences
library warnings before it builds its mesh (`warnings.filterwarnings("ignore", ...)`,
`warnings.simplefilter("ignore")`, `with warnings.catch_warnings():`).

Adding a filter returns None and raises only for arguments CPython rejects (an unknown action, a
category that is not a Warning class, a message or module pattern `re` cannot compile): those stop
the run. `catch_warnings()` saves and restores the filters around its block and yields None;
with `record=True` it yields the list of warnings the block issued, which depends on the
libraries' warnings: not modelled. `warnings.warn` itself is not modelled (a filter set by the
interpreter's `-W error` makes it raise).
"""
from __future__ import annotations

import builtins
import re

from codemods.analysis.host_objects import Bail, Special
from codemods.analysis.script_values import MeshCtx

# The builtin Warning classes, named as a filter's category (a call or a raise of one: Special).
WARNING_CLASSES = frozenset(name for name, value in vars(builtins).items()
                            if isinstance(value, type) and issubclass(value, Warning))
_ACTIONS = frozenset({"default", "error", "ignore", "always", "all", "module", "once"})


def _category(value: object) -> bool:
    if type(value) is not Special or not value.name.startswith("builtins."):
        return False
    found = getattr(builtins, value.name[len("builtins."):], None)
    return isinstance(found, type) and issubclass(found, Warning)


def _pattern(value: object) -> bool:
    if type(value) is not str:
        return False
    try:
        re.compile(value)
    except re.error:
        return False
    return True


def _filter(params: tuple):
    def apply(run, args: list, kwargs: dict) -> None:
        if len(args) > len(params) or set(kwargs) - set(params) or set(params[:len(args)]) & set(kwargs):
            raise Bail
        given = {**dict(zip(params, args)), **kwargs}
        if given.get("action") not in _ACTIONS or "category" in given and not _category(given["category"]) \
                or not all(_pattern(given[k]) for k in ("message", "module") if k in given) \
                or type(given.get("lineno", 0)) is not int or given.get("lineno", 0) < 0 \
                or type(given.get("append", False)) is not bool:
            raise Bail
        return None
    return apply


def _catch(run, args: list, kwargs: dict) -> MeshCtx:
    if args or kwargs:
        raise Bail  # (`record=True`: the warnings the block issues; `action=`: a filter for the block)
    return MeshCtx(None, False)  # (a context that sets no mesh and yields None)


LIBRARY = {"warnings.filterwarnings": _filter(("action", "message", "category", "module", "lineno", "append")),
           "warnings.simplefilter": _filter(("action", "category", "lineno", "append")),
           "warnings.catch_warnings": _catch}
