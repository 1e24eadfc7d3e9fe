"""`jax.lax.switch(i, [f, g], x)` and `jnp.piecewise(x, conds, [f, g])` in a script run
(script_jax._library_call; issue 13).

JAX traces every branch a switch is handed, whatever the index (a Python int, or one out of
range: clamped), in the order of the sequence, each on tracers of the operands' shapes (a number
a 0-d array); a branch that raises stops the tracing there, its exception reaching the caller;
branches whose results differ in structure or type make the switch raise TypeError (the run,
which does not know every shape, stops unless their outlines agree). So a branch's host effects
(a config it updates, a counter, a list it appends to) happen whichever branch the index picks.
`jnp.piecewise` is a switch over its functions, each called on 0-d tracers (the element, then
each extra number argument): the default function (the one past the conditions) first, then the
others in order; its constants add a branch that does nothing. Checked on jax 0.10.2. Anything
else (a condition array rather than a list, extra keywords, array extra arguments, a count of
functions that does not fit the conditions) stops the run (Bail), as do both calls in a shard_map
body (their branches' collectives are not followed).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail

NAMES = frozenset({"jax.lax.switch", "jax.numpy.piecewise"})


def call(run, name: str, args: list, kwargs: dict) -> object:
    from codemods.analysis.retraced_bodies import outline
    from codemods.analysis.script_jax import _CALLABLE, _leaves, _rank, traced
    from codemods.analysis.script_values import Arr

    if run.states is not None or run.in_body or kwargs:
        raise Bail
    if name == "jax.lax.switch":
        if len(args) < 2 or type(args[1]) not in (list, tuple) or not args[1] \
                or not all(isinstance(branch, _CALLABLE) for branch in args[1]) \
                or type(args[0]) not in (int, bool, Arr):
            raise Bail
        operands = [traced(operand) for operand in args[2:]]
        results = [_trace(run, branch, operands) for branch in args[1]]
        shapes = {repr(outline(_leaves(result, lambda leaf: Arr(None, False, ndim=_rank(leaf))))) for result in results}
        if len(shapes) != 1:
            raise Bail  # (JAX's TypeError where the types differ; the run does not know every shape)
        return _leaves(results[0], lambda leaf: Arr(None, False, ndim=_rank(leaf)))
    if len(args) < 3 or type(args[0]) is not Arr or type(args[1]) not in (list, tuple) \
            or type(args[2]) not in (list, tuple) or not all(type(extra) in (int, float, bool) for extra in args[3:]):
        raise Bail
    conditions, functions = len(args[1]), list(args[2])
    if len(functions) == conditions + 1:
        functions = [functions[-1], *functions[:-1]]
    elif len(functions) != conditions:
        raise Bail  # (JAX's ValueError)
    element = [Arr(None, False, ndim=0) for _ in range(1 + len(args) - 3)]
    for function in functions:
        if isinstance(function, _CALLABLE):
            result = _trace(run, function, element)
            if type(result) not in (Arr, int, float, bool) or type(result) is Arr and result.ndim not in (0, None):
                raise Bail
        elif type(function) not in (int, float, bool) and not (type(function) is Arr and function.ndim == 0):
            raise Bail
    return Arr(None, False, ndim=args[0].ndim)


def _trace(run, branch: object, operands: list) -> object:
    run.jitted += 1  # (traced: `jax.set_mesh` and the like raise there)
    try:
        return run.call(branch, list(operands), {})
    finally:
        run.jitted -= 1
