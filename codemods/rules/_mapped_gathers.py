"""SF104 for `jax.tree.map(top_level_all_gather, tree, SPECS, is_leaf=...)`: one gather per leaf.

`tree.map` calls the gather on each leaf of `tree` with the leaf of `SPECS` at the same place, so
the call raises as soon as one of those gathers does (or earlier, for another leaf or a tree
whose structure differs: JAX rejects the line either way). `SPECS` must be a record the file
builds in one call (a NamedTuple or dataclass with every field given by keyword, or a dict
literal with string keys) whose every field is a `P(...)`; each field's input is the leaf at
that path of `tree` (tree_paths.py). The first field, in the record's order, that certainly
fails is reported, without a fix (one rewrite of the mapped call would serve every leaf).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from codemods.analysis.spec_sources import follow_spec
from codemods.analysis.specs import PARTITION_SPEC, string_value
from codemods.analysis.tree_paths import Attr, PathLeaf
from codemods.context import FileContext
from codemods.lazy import lazy_module
from codemods.model import Finding

cst = lazy_module("libcst")


def mapped_findings(ctx: FileContext, call: cst.Call, site_class) -> Iterator[Finding]:
    """The findings of the first leaf whose gather certainly fails, worded for that leaf (read on
    the whole file: the sparse text may leave out where the tree is placed)."""
    from codemods.analysis.local_names import parents

    whole = ctx.whole_file()
    if whole is not ctx:
        start_end = ctx.offsets(call)
        call = next((node for node in parents(whole) if isinstance(node, cst.Call)
                     and whole.offsets(node) == start_end), None)
        if call is None:
            return
        ctx = whole
    args = [arg for arg in call.args if arg.keyword is None]
    if any(arg.star for arg in call.args) or len(args) != 3 \
            or any(arg.keyword.value != "is_leaf" for arg in call.args if arg.keyword is not None):
        return
    fields = _spec_fields(ctx, args[2].value)
    for label, key, spec in fields or ():
        site = _leaf_site(site_class, ctx, call, PathLeaf(args[1].value, (key,), None), spec, label)
        found = list(site.findings())
        if found:
            yield from (replace(f, message=f"for the leaf `{label}`: {f.message}", fix=None) for f in found)
            return


def lambda_findings(ctx: FileContext, call: cst.Call, site_class) -> Iterator[Finding]:
    """`jax.tree.map(lambda a: top_level_all_gather(a, S), tree)` with `tree` a dict the file
    builds with string keys and never changes: the gather runs on each of its values (the leaf
    at that key), and the first that certainly fails is reported, without a fix (one rewrite of
    the lambda serves every leaf). Nothing when the tree, the lambda or the call is any other."""
    from codemods.analysis.local_tables import unchanged
    from codemods.analysis.local_names import parents
    from codemods.analysis.spec_sources import _TREE_MAP

    if ctx.whole_file() is not ctx:
        return  # (asked again on the whole file by the rule when this finds nothing)
    lam = parents(ctx).get(call)
    given = call.args[0].value if call.args and call.args[0].keyword is None and not call.args[0].star else None
    if not isinstance(lam, cst.Lambda) or lam.body is not call or not isinstance(given, cst.Name):
        return
    params = lam.params
    if [param.name.value for param in params.params] != [given.value] or params.posonly_params \
            or params.kwonly_params or isinstance(params.star_arg, (cst.Param, cst.ParamStar)) or params.star_kwarg is not None:
        return
    arg = parents(ctx).get(lam)
    mapping = parents(ctx).get(arg)
    if not isinstance(arg, cst.Arg) or not isinstance(mapping, cst.Call) or ctx.imports.resolve(mapping.func) not in _TREE_MAP \
            or len(mapping.args) != 2 or mapping.args[0] is not arg \
            or any(item.keyword is not None or item.star for item in mapping.args):
        return
    tree = mapping.args[1].value
    held, _ = follow_spec(ctx, tree)
    if not isinstance(held, cst.Dict) or isinstance(tree, cst.Name) and not unchanged(ctx, tree):
        return
    keys = [string_value(e.key) if isinstance(e, cst.DictElement) else None for e in held.elements]
    if not keys or None in keys or len(set(keys)) != len(keys):
        return
    spec = call.args[1].value if len(call.args) > 1 and call.args[1].keyword is None and not call.args[1].star else None
    spec = spec or next((item.value for item in call.args if item.keyword is not None
                         and item.keyword.value == "out_sharding"), None)
    if spec is None:
        return
    for key in keys:
        site = _leaf_site(site_class, ctx, call, PathLeaf(tree, (key,), None), spec, key)
        found = list(site.findings())
        if found:
            yield from (replace(f, message=f"for the leaf `{key}`: {f.message}", fix=None) for f in found)
            return


def _spec_fields(ctx: FileContext, node: cst.BaseExpression):
    """[(label, path key, P(...) expression)] of a spec record built in one call, else None."""
    from codemods.analysis.named_axes import _is_named_tuple, _is_dataclass
    from codemods.analysis.local_names import resolve_name
    from codemods.analysis.local_tables import unchanged

    held, _ = follow_spec(ctx, node)
    if isinstance(node, cst.Name) and not unchanged(ctx, node):
        return None
    if isinstance(held, cst.Dict):
        keys = [string_value(e.key) if isinstance(e, cst.DictElement) else None for e in held.elements]
        if None in keys or len(set(keys)) != len(keys):
            return None
        found = [(key, key, e.value) for key, e in zip(keys, held.elements)]
    elif isinstance(held, cst.Call) and isinstance(held.func, cst.Name):
        built = resolve_name(ctx, held.func)
        classdef = built.node if built is not None and built.kind == "def" else None
        if not isinstance(classdef, cst.ClassDef) or not (_is_named_tuple(ctx, classdef) or _is_dataclass(ctx, classdef)) \
                or any(arg.star or arg.keyword is None for arg in held.args):
            return None
        found = [(arg.keyword.value, Attr(arg.keyword.value), arg.value) for arg in held.args]
    else:
        return None
    if not found or not all(isinstance(spec, cst.Call) and ctx.imports.resolve(spec.func) == PARTITION_SPEC
                            for _, _, spec in found):
        return None
    return found


def _leaf_site(site_class, ctx: FileContext, call: cst.Call, leaf: PathLeaf, spec, label: str):
    """The rule's site for one leaf: its input and out spec given, worded for the leaf."""

    class LeafSite(site_class):
        def _arguments(self):
            self.bound = None
            return leaf, spec

        def _evidence(self):
            return ((f"leaf `{label}`", f"sharded {self.source.spec.spec}"), ("out_sharding", str(self.out.spec.spec)))

        def _simple_fix_text(self):
            return f"`jax.reshard(...)` of that leaf to {self.ctx.text(spec)}"

    return LeafSite(ctx, call)
