"""The trees a `jax.tree.map` call maps, when its keywords change nothing the analysis reads.

Code that maps over a params tree and a spec tree together often passes
`is_leaf=lambda x: isinstance(x, P)`, written for the time PartitionSpec was a tuple (a pytree
node). On JAX (checked on 0.10.2) PartitionSpec and NamedSharding are leaves already, so a
predicate true only for their instances changes neither the trees' structure nor what the
function receives. Any other keyword (or an `is_leaf` the file does not show is such a
predicate) leaves the call unknown (None).
"""
from __future__ import annotations

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_LEAF_CLASSES = frozenset({"jax.sharding.PartitionSpec", "jax.sharding.NamedSharding", "jax.P"})


def mapped_args(ctx: FileContext, call: cst.Call) -> list | None:
    """The positional `Arg`s of the tree.map `call` (the function, then the trees); None when
    an argument is starred or a keyword other than a spec-only `is_leaf`."""
    positional = []
    for arg in call.args:
        if arg.star:
            return None
        if arg.keyword is None:
            positional.append(arg)
        elif arg.keyword.value != "is_leaf" or not _spec_predicate(ctx, arg.value):
            return None
    return positional


def _spec_predicate(ctx: FileContext, node: cst.BaseExpression) -> bool:
    """`lambda x: isinstance(x, P)` (or a tuple of such classes), also as a module function
    whose one statement returns it."""
    from codemods.analysis.local_names import resolve_name

    if isinstance(node, cst.Name):
        binding = resolve_name(ctx, node)
        function = binding.node if binding is not None and binding.kind == "def" else None
        if not isinstance(function, cst.FunctionDef) or function.decorators or function.asynchronous is not None \
                or not isinstance(function.body, cst.IndentedBlock) or len(function.body.body) != 1:
            return False
        line = function.body.body[0]
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1 or not isinstance(line.body[0], cst.Return):
            return False
        return _checks_spec(ctx, function.params, line.body[0].value)
    if isinstance(node, cst.Lambda):
        return _checks_spec(ctx, node.params, node.body)
    return False


def _checks_spec(ctx: FileContext, params, body) -> bool:
    if not isinstance(params, cst.Parameters) or len(params.params) != 1 or params.posonly_params \
            or params.kwonly_params or not isinstance(params.star_arg, cst.MaybeSentinel) or params.star_kwarg is not None:
        return False
    name = params.params[0].name.value
    if not isinstance(body, cst.Call) or not isinstance(body.func, cst.Name) or body.func.value != "isinstance" \
            or len(body.args) != 2 or any(arg.keyword is not None or arg.star for arg in body.args):
        return False
    from codemods.analysis.iterated import _bound_names

    if "isinstance" in _bound_names(ctx):
        return False
    subject, classes = body.args[0].value, body.args[1].value
    if not isinstance(subject, cst.Name) or subject.value != name:
        return False
    listed = [e.value for e in classes.elements] if isinstance(classes, cst.Tuple) else [classes]
    return all(ctx.imports.resolve(cls) in _LEAF_CLASSES for cls in listed) \
        and all(type(e) is cst.Element for e in getattr(classes, "elements", ()))
