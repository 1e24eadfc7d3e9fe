"""The rounds of a comprehension over `zip(items, SPECS)` that a call consumes at once (SF104).

`MixerParams(*(top_level_all_gather(p, s) for p, s in zip(params, EVAL_LAYOUT)))` runs its
element once per position: position i binds `s` to the i-th item of EVAL_LAYOUT and `p` to the
i-th item of params. An item is known when the sequence is a NamedTuple construction or a tuple
literal (record_fields.positional_item), or, for a record the file builds elsewhere (a helper's
result, a parameter every call gives), the field at that position of its NamedTuple class, read
as a path of the tree (tree_paths.py). Every sequence's length must be known (the zip stops at
the shortest). Only a generator star-unpacked into a call, or a list, set
or dict comprehension (each runs every round at once, in order), with one `for`, no `if` and a
target of plain names; anything else is unknown (None).
"""
from __future__ import annotations

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def zipped_rounds(ctx: FileContext, node: cst.CSTNode):
    """LoopKeys with one round per position of the zip around `node`, else None."""
    from codemods.analysis.iterated import _bound_names
    from codemods.analysis.local_names import scope_of
    from codemods.analysis.loop_keys import LoopKeys, _every_round
    from codemods.analysis.spec_sources import Env

    comp = scope_of(ctx, node)
    if not _consumed_at_once(ctx, comp):
        return None
    loop = comp.for_in
    iterated, target = loop.iter, loop.target
    if loop.ifs or loop.inner_for_in is not None or loop.asynchronous is not None \
            or not (isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Name) and iterated.func.value == "zip") \
            or "zip" in _bound_names(ctx) or not isinstance(target, cst.Tuple) \
            or len(target.elements) != len(iterated.args) or len(iterated.args) < 2 \
            or any(arg.keyword is not None or arg.star for arg in iterated.args) \
            or not all(type(e) is cst.Element and isinstance(e.value, cst.Name) for e in target.elements):
        return None
    names = [e.value.value for e in target.elements]
    if len(set(names)) != len(names):
        return None
    lengths = [_length(ctx, arg.value) for arg in iterated.args]
    if None in lengths and ctx.whole_file() is not ctx:
        return LoopKeys([("position", Env(comp, {}))])  # the sparse text may blank out a builder: asked again on the whole file
    if None in lengths:
        return None  # a sequence of unknown length may end the zip before any given position
    rounds = []
    for index in range(min(lengths)):
        bound = {}
        for name, arg in zip(names, iterated.args):
            item = _item(ctx, arg.value, index)
            if item is not None:
                bound[name] = item
        rounds.append((f"position {index}", Env(comp, bound)))
    return LoopKeys(rounds, _every_round(ctx, node, comp.elt if hasattr(comp, "elt") else comp.value), "item")


def _consumed_at_once(ctx: FileContext, comp) -> bool:
    from codemods.analysis.local_names import parents

    if isinstance(comp, (cst.ListComp, cst.SetComp, cst.DictComp)):
        return True
    if not isinstance(comp, cst.GeneratorExp):
        return False
    arg = parents(ctx).get(comp)
    return isinstance(arg, cst.Arg) and arg.star == "*" and isinstance(parents(ctx).get(arg), cst.Call)


def _record_class(ctx: FileContext, node: cst.BaseExpression):
    """The NamedTuple class the record `node` holds is built by, through names, parameters every
    call gives one value and one-return helpers; else None."""
    from codemods.analysis.local_names import resolve_name
    from codemods.analysis.named_axes import _is_named_tuple
    from codemods.analysis.spec_sources import _TREE_MAP
    from codemods.analysis.tree_leaves import _produced
    from codemods.analysis.tree_paths import _follow_name

    env = None
    for _ in range(8):
        if isinstance(node, cst.Name):
            followed = _follow_name(ctx, node, (), env)
            if followed is None or not isinstance(followed[0], cst.BaseExpression):
                return None
            node, env = followed
            continue
        if not isinstance(node, cst.Call):
            return None
        produced, produced_env = _produced(ctx, node, env)
        if produced is not node:
            node, env = produced, produced_env
            continue
        if ctx.imports.resolve(node.func) in _TREE_MAP and len(node.args) >= 2 \
                and not any(arg.keyword is not None or arg.star for arg in node.args):
            node = node.args[1].value  # `jax.tree.map(f, host, SPECS)`: built like its first tree (no is_leaf)
            continue
        binding = resolve_name(ctx, node.func) if isinstance(node.func, cst.Name) else None
        cls = binding.node if binding is not None and binding.kind == "def" else None
        return cls if isinstance(cls, cst.ClassDef) and _is_named_tuple(ctx, cls) else None
    return None


def _length(ctx: FileContext, node: cst.BaseExpression) -> int | None:
    from codemods.analysis.record_fields import tuple_fields
    from codemods.analysis.spec_sources import follow_env

    held = follow_env(ctx, node, None)[0]
    if isinstance(held, cst.Tuple) and all(type(e) is cst.Element for e in held.elements):
        return len(held.elements)
    cls = _record_class(ctx, node)
    return len(tuple_fields(cls)) if cls is not None else None


def _item(ctx: FileContext, node: cst.BaseExpression, index: int):
    """(expression, Env) at `index` of the sequence `node`: written out, or a field path."""
    from codemods.analysis.record_fields import positional_item, tuple_fields
    from codemods.analysis.tree_paths import Attr, PathLeaf

    item = positional_item(ctx, node, None, index)
    if item is not None:
        return item
    cls = _record_class(ctx, node)
    fields = tuple_fields(cls) if cls is not None else []
    return (PathLeaf(node, (Attr(fields[index]),), None), None) if index < len(fields) else None
