"""A body no text search can name, but which the module computes: `call_genotypes =
compose(likelihood, gather_sites, gather_cohort)` with `compose` folding its stages by
`functools.reduce(lambda f, g: lambda x: g(f(x)), fns)`. The body is the function value the
written expression evaluates to where shard_map is called: a lambda or def together with the
frame its free names were bound in (each `f`, `g` of the fold), which the run then reads. Only a
value the interpreter knows exactly counts; anything else leaves the body unknown."""
from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from codemods import jaxapi
from codemods.analysis.body_resolution import keeps_function, resolve_body
from codemods.analysis.made_bodies import made_by_run
from codemods.analysis.method_partials import method_partial_result
from codemods.analysis.nodes import Arg, call_args, iter_with_scopes, nodes_of_type_under
from codemods.analysis.values import Function, Partial

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Interpreter
    from codemods.analysis.shardmap import ShardMapUse


def function_of_evaluated(interp: Interpreter, use: ShardMapUse) -> ShardMapUse:
    written = use.written_body
    if written is not None and not use.chain and not use.decorated and use.body is None:
        # Named again now that the interpreter reads keys the text does not spell (`NORMS[MODEL["norm"]]`).
        body, body_scopes, ref, bound = resolve_body(interp.scope, written, use.call_scopes)
        if body is not None:
            return replace(use, body=body, body_scopes=body_scopes, body_ref=ref, bound_args=tuple(bound))
    if type(written) is ast.Name and not use.chain and not use.decorated and use.body is None:
        bound, outer = interp.scope.lookup_value(written.id, use.call_scopes)
        where = use.call_scopes[-1] if use.call_scopes else interp.scope.tree
        if (type(bound) is ast.Subscript or outer == use.call_scopes  # its arguments read where the call is
                and (_held_partial_args(interp, bound, use.call_scopes) is not None
                     or type(bound) is ast.Call and type(bound.func) in (ast.Name, ast.Attribute, ast.Subscript))) \
                and sum(1 for node in nodes_of_type_under(interp.scope.tree, where, ast.Name)
                        if node.id == written.id and isinstance(node.ctx, ast.Load)) == 1:
            written = bound  # `fn = LOSSES["lovasz"]`, bound once and read only here: the table's entry
    if (args := _held_partial_args(interp, written, use.call_scopes)) is not None and not use.chain \
            and not use.decorated and use.body is None:
        found = _held_entry(interp, use, args[0].value)  # `partial(LOSSES["bonds"], axis_name="res")`
        return replace(found, bound_args=tuple(args[1:])) if found.body is not None else use
    if type(written) is ast.Subscript and type(written.value) is ast.Name and not use.chain and not use.decorated \
            and use.body is None:
        return _held_entry(interp, use, written)
    if type(written) is ast.Call and type(written.func) is ast.Name and not use.chain and not use.decorated \
            and use.body is None:
        found = _factory_result(interp, use, written)
        found = found if found.body is not None else made_by_run(interp, use, written)  # (made_bodies.py)
        # `first = graph_network(...)` read only as this body (checked above): that read is its reference
        return replace(found, body_ref=use.written_body) if found.body is not None and found.body_ref is None \
            and type(use.written_body) is ast.Name else found
    if type(written) is ast.Call and type(written.func) is ast.Attribute and type(written.func.value) is ast.Name \
            and not use.chain and not use.decorated and use.body is None:
        return method_partial_result(interp, use, written)  # (method_partials.py)
    if type(written) is ast.Call and type(written.func) is ast.Subscript and not use.chain and not use.decorated \
            and use.body is None:
        found = made_by_run(interp, use, written)  # `OPTIMIZERS[args.optim](args)` returning a closure,
        # held by a name read only as this body (checked above): that read is the body's reference
        return replace(found, body_ref=use.written_body) if found.body is not None \
            and type(use.written_body) is ast.Name else found
    if type(written) is ast.Attribute and type(written.value) is ast.Name and not use.chain and not use.decorated \
            and use.body is None:
        return _field_of_built(interp, use, written)
    if type(written) is not ast.Name or use.chain or use.decorated or use.body is not None \
            or any(interp.scope.locals_of(function).binds(written.id) for function in use.call_scopes):
        return use
    wrapped = bool(getattr(interp.scope.globals.unique_function(written.id), "decorator_list", None))
    if type(interp.scope.globals.unique_value(written.id)) is not ast.Call and not wrapped:
        return use  # a module name bound once to a call's result (`call = compose(...)`) or to what
        # a decorator returns (wrapper_decorators.py), nothing else
    interp.silent += 1  # read for the function value only: nothing is judged
    try:
        value = interp.eval(written, interp._static_frame(use.call_scopes))
    finally:
        interp.silent -= 1
    if not isinstance(value, Function) or value.closure.static_scopes is not None or value.closure.opaque:
        return use  # a def read from the text (a parameter's callers, contexts.py): not made by a run
    scopes = next((scopes for node, scopes in iter_with_scopes(interp.scope.tree) if node is value.node), None)
    if scopes is None:
        return use
    # the decorated name, read here, is one reference to the wrapper (decorated_wrappers.py)
    return replace(use, body=value.node, body_scopes=scopes, closure=value.closure,
                   body_ref=written if wrapped else None)


def _field_of_built(interp: Interpreter, use: ShardMapUse, written: ast.Attribute) -> ShardMapUse:
    """`jax.shard_map(fns.update, ...)` with `fns = neighbor_list(...)` of the function around
    the call, bound once there and read only here: a field of the record a module factory
    returns (`NeighborListFns(allocate, update)` of its nested defs, JAX-MD style), read from the
    run of that one call, so the def comes with the frame its free names were bound in."""
    name = written.value.id
    function = use.call_scopes[-1] if use.call_scopes else None
    bound, outer = interp.scope.lookup_value(name, use.call_scopes)
    if function is None or outer != use.call_scopes or type(bound) is not ast.Call or type(bound.func) is not ast.Name \
            or sum(1 for node in nodes_of_type_under(interp.scope.tree, function, ast.Name)
                   if node.id == name and isinstance(node.ctx, ast.Load)) != 1:
        return use
    interp.silent += 1  # read for the function value only: nothing is judged
    try:
        value = interp.eval(written, interp._static_frame(use.call_scopes))
    finally:
        interp.silent -= 1
    if not isinstance(value, Function) or not isinstance(value.node, ast.FunctionDef) \
            or value.closure.static_scopes is not None or value.closure.opaque:
        return use  # not a def made by the run of that call
    scopes = next((scopes for node, scopes in iter_with_scopes(interp.scope.tree) if node is value.node), None)
    if scopes is None:
        return use
    return replace(use, body=value.node, body_scopes=scopes, closure=value.closure, body_ref=written)


def _held_entry(interp: Interpreter, use: ShardMapUse, written: ast.Subscript) -> ShardMapUse:
    """`jax.shard_map(STATS[name], ...)` of a module table of defs (held.py), a registry its
    decorators fill included: the def the key certainly reads, the read counted as analysed."""
    interp.silent += 1  # read for the function value only: nothing is judged
    try:
        value = interp.eval(written, interp._static_frame(use.call_scopes))
    finally:
        interp.silent -= 1
    if not isinstance(value, Function) or value.closure is not interp.module_frame \
            or not interp.note_held_read(value, written):
        return use
    return replace(use, body=value.node, body_scopes=())


def _factory_result(interp: Interpreter, use: ShardMapUse, written: ast.Call) -> ShardMapUse:
    """`jax.shard_map(build_readout(cfg), ...)` with a module function, called only there, whose
    one return statement (its last) gives a module def, or `partial` of one, it reads from a
    table (`functools.partial(POOLING[cfg["pooling"]], node_axis=...)`) or names: the body is
    that def, run with the arguments this call gives the factory (a chain of one call, as a body
    handed through a parameter is run). The read in the return statement is the def's reference
    this use analyses; any other reference keeps its own count."""
    factory, outer = interp.scope.lookup_function(written.func.id, use.call_scopes)
    if type(factory) is not ast.FunctionDef or outer or factory.decorator_list \
            or interp.scope.class_of(factory) is not None or interp.scope.module_references(factory.name) != 1 \
            or not factory.body or type(factory.body[-1]) is not ast.Return or factory.body[-1].value is None \
            or sum(1 for node in ast.walk(factory) if type(node) is ast.Return) != 1:
        return use
    returned = factory.body[-1].value
    wrapped = False
    while keeps_function(interp.scope, returned, (factory,)):
        returned, wrapped = returned.args[0], True  # `jax.checkpoint(partial(f, **axes), policy=...)`
    inner, bound = returned, ()
    if type(returned) is ast.Call and interp.scope.resolve(returned.func, (factory,)) == jaxapi.PARTIAL:
        args = _spread_kwargs(call_args(returned), factory, written)
        if not args or args[0].keyword is not None or any(arg.star for arg in args):
            return use
        inner, bound = args[0].value, tuple(args[1:])
    if wrapped:  # the wrapper gives the analysis no function value: the def named there, checked
        # against the value the chain's run evaluates
        named = interp.scope.globals.unique_function(inner.id) if type(inner) is ast.Name \
            and not interp.scope.locals_of(factory).binds(inner.id) else None
        value = Function(named, interp.module_frame) if type(named) is ast.FunctionDef else None
    else:
        interp.silent += 1  # read for the function value only: nothing is judged
        try:
            value = interp.eval(written, interp._static_frame(use.call_scopes))
        finally:
            interp.silent -= 1
    while isinstance(value, Partial):
        value = value.func
    if not isinstance(value, Function) or value.closure is not interp.module_frame \
            or type(value.node) is not ast.FunctionDef or interp.scope.globals.unique_function(value.node.name) is not value.node:
        return use
    if type(inner) is ast.Name and inner.id == value.node.name:
        ref = inner
    elif interp.note_held_read(value, inner):
        ref = None  # `POOLING[key]`: the table's read, counted by held.py
    else:
        return use
    return replace(use, body=value.node, body_scopes=(), body_ref=ref, bound_args=bound,
                   chain=((written, factory, (), None),), outer_scopes=use.call_scopes, inner_body=returned)


def _held_partial_args(interp: Interpreter, expr, scopes):
    """The arguments of `partial(TABLE[key], ...)` (None for anything else)."""
    if type(expr) is not ast.Call or interp.scope.resolve(expr.func, scopes) != jaxapi.PARTIAL:
        return None
    args = call_args(expr)
    if not args or args[0].keyword is not None or any(arg.star for arg in args) \
            or type(args[0].value) is not ast.Subscript or type(args[0].value.value) is not ast.Name:
        return None
    return args


def _spread_kwargs(args: list, factory: ast.FunctionDef, call: ast.Call) -> list:
    """`partial(f, **axes)` of the factory's own `**axes`: the keywords its one call gives it by
    name (`make_layer(NAMES, head_axis="tensor")`); their values are read as the chain runs."""
    kwarg = factory.args.kwarg
    spread = [arg for arg in args if arg.star == "**"]
    if len(spread) != 1 or kwarg is None or type(spread[0].value) is not ast.Name \
            or spread[0].value.id != kwarg.arg or any(keyword.arg is None for keyword in call.keywords):
        return args
    named = {arg.arg for arg in factory.args.posonlyargs + factory.args.args + factory.args.kwonlyargs}
    return [arg for arg in args if arg.star != "**"] + [Arg(keyword.value, keyword.arg) for keyword in call.keywords
                                                        if keyword.arg not in named]
