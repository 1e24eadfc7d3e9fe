"""A bound method of an object a builder makes, as the body: `solver = build(solver_config())`
with a hand-written Fiddle-like `build`, then `jax.shard_map(solver.price, ...)`. Which class the
builder constructs is known only by running it, so the shard_map search (which reads the text)
leaves the body open and the interpreter settles it: when the receiver evaluates, where the call
is written, to an object of a module class the analysis built (its class exact, as constructed),
the body is that class's plain method as Python finds it, bound to the object.

The object itself as the body (`loss = LOSSES[cfg["loss"]](axis)`, `jax.shard_map(loss, ...)`,
with a key only a run computes) is read the same way: its class's `__call__`, bound to it."""
from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from codemods.analysis.nodes import Arg
from codemods.analysis.object_methods import class_method
from codemods.analysis.scopes import method_kind
from codemods.analysis.values import Instance

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Interpreter
    from codemods.analysis.shardmap import ShardMapUse


def method_of_built(interp: Interpreter, use: ShardMapUse) -> ShardMapUse:
    written = use.written_body
    if use.chain or use.decorated:
        return use
    if type(written) is ast.Attribute and type(written.value) is ast.Name:
        receiver, attr = written.value, written.attr  # `solver.price`
    elif type(written) is ast.Name:
        receiver, attr = written, "__call__"  # `loss`, an object called as the body
    else:
        return use
    interp.silent += 1  # read for the object's class only
    try:
        built = interp.eval(receiver, interp._static_frame(use.call_scopes))
    finally:
        interp.silent -= 1
    if not isinstance(built, Instance) or built.building or built.fields is None:
        return use
    method = class_method(interp.scope, built.cls, attr)
    if not isinstance(method, ast.FunctionDef) or method.decorator_list or method_kind(method) != "plain":
        return use
    return replace(use, body=method, body_scopes=(), body_ref=written, bound_args=(Arg(receiver),))
