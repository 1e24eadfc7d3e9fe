"""Where a differentiated function's backward pass may stop the body (issue 13).

`jax.grad(f)(p)` and `jax.value_and_grad(f)(p)` trace f forward, then transpose it, both inside
the call. The static reading follows the forward pass only. A forward pass that meets a reduced
or unreduced value (a gather or a cast to reduced, a cast to unreduced, an argument or a
closed-over value in either state) may make the transpose raise before the body goes on: run on
jax 0.10.2, with `w = all_gather(p, 'data', to='reduced')` and `b` invariant, `b @ w` (and
`w @ b`) passes forward, and the backward pass raises "Expected cotangent type
float32[8,8]{U:data} but got float32[8,8]" at the value_and_grad call, while `x @ w` with `x`
varying on 'data' passes both ways. The reading cannot tell these apart, so it cannot know that
a later line is reached: nothing after such a call is judged in that trace of the body (a
finding there would name a line JAX never gets to). The script run follows the casts the
transpose takes and reports the certain cases (state_transforms.cast_reduced).
"""
from __future__ import annotations

import ast
from contextlib import contextmanager

from codemods.analysis.nodes import all_param_names, iter_nodes
from codemods.analysis.values import AxisState, Function, Partial, State, leaves


@contextmanager
def body_trace(interp):
    """One trace of a shard_map body: a stop met in it silences its rest, not the next body's."""
    before = interp.__dict__.pop("_backward_stops", None)
    interp._backward_stops = 0
    try:
        yield
    finally:
        interp.silent -= interp.__dict__.pop("_backward_stops")
        if before is not None:
            interp._backward_stops = before


def stop_after_backward(interp) -> bool:
    """The rest of the body's trace is judged silently (False: no body is being traced)."""
    if interp.run is None or "_backward_stops" not in interp.__dict__:
        return False
    interp.silent += 1
    interp._backward_stops += 1
    return True


def meets_reduced(interp, func: object, values: list) -> bool:
    """Some argument, or a value f reads from the scopes around it, is reduced or unreduced
    somewhere, or may be (a mixed or unknown callable is not looked into: False)."""
    if any(_reduced(leaf) for value in values for leaf in leaves(value)):
        return True
    if isinstance(func, Partial):
        return meets_reduced(interp, func.func, [*func.args, *(value for _, value in func.keywords)])
    if not isinstance(func, Function):
        return False
    node = func.node
    if type(node) is ast.Lambda:
        params = set(all_param_names(node.args))
        binds = params.__contains__
    else:
        binds = interp.scope.locals_of(node).binds
    free = {each.id for each in iter_nodes(node) if type(each) is ast.Name and isinstance(each.ctx, ast.Load)
            and not binds(each.id)}
    return any(_reduced(leaf) for name in sorted(free) for leaf in leaves(interp.lookup(name, func.closure)))


def _reduced(value: object) -> bool:
    return isinstance(value, AxisState) and (value.has(State.REDUCED) or value.has(State.UNREDUCED))
