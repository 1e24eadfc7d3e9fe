"""A body a call computes where shard_map is called (issue 13): `eval_fn = make_eval_fn(jnp.tanh,
compose(gather_local, gather_global))` in the function around the call, bound once there and
read only by it (or the call written in place), where `compose` returns the lambda
`functools.reduce` runs its stages with. A module name bound so is read in evaluated_bodies.py;
this is the same reading for such a local: the call is run (judging nothing) and its value is the
body when it is a lambda or def that run made, with the frame its free names were bound in.
Anything else (a def read from the text, a value of unknown origin) leaves the body unknown."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from codemods.analysis.nodes import iter_with_scopes
from codemods.analysis.values import Function

if TYPE_CHECKING:
    import ast

    from codemods.analysis.interpreter import Interpreter
    from codemods.analysis.shardmap import ShardMapUse


def made_by_run(interp: Interpreter, use: ShardMapUse, written: ast.Call) -> ShardMapUse:
    interp.silent += 1  # read for the function value only: nothing is judged
    try:
        value = interp.eval(written, interp._static_frame(use.call_scopes))
    finally:
        interp.silent -= 1
    if not isinstance(value, Function) or value.closure is None or value.closure.static_scopes is not None \
            or value.closure.opaque:
        return use  # a def read from the text (a parameter's callers, contexts.py): not made by a run
    scopes = next((scopes for node, scopes in iter_with_scopes(interp.scope.tree) if node is value.node), None)
    if scopes is None:
        return use
    return replace(use, body=value.node, body_scopes=scopes, closure=value.closure)
