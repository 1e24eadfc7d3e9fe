"""The states of what a function returns several arrays of, in a state run (state_runs.py;
issue 13): `weights, selected = lax.top_k(logits, k)`, `mean, logvar = jnp.split(h, 2, -1)`,
`jnp.linalg.eigh(cov)`, `jnp.linalg.svd(a)`.

Computed per device from ONE array (the other arguments Python values), each output of these
varies on exactly the axes that array varies on (run on jax 0.10.2 with the array varying on
one axis, on the other: top_k, split, array_split, eigh, qr, svd, slogdet, frexp, modf). It is
not a rule for every function of one array: `jnp.argsort(x)` of a varying x comes out invariant
(its indices are an invariant iota sorted along), so only these are listed. A reduced, unreduced
or unknown operand gives unknown outputs, except that `split` and `array_split` only slice: each
piece keeps a reduced operand's states, reduced axes included (run on jax 0.10.2: `jnp.split(kv,
2, axis=-1)` of a value varying on 'data' and reduced on 'heads' gives pieces varying on 'data'
and reduced on 'heads', for sections and index lists on any axis; the transfer table agrees).
"""
from __future__ import annotations

from codemods.analysis.script_values import Arr
from codemods.analysis.values import UNKNOWN, State

_ONE_ARRAY = frozenset({"jax.lax.top_k", "jax.numpy.linalg.eigh", "jax.numpy.linalg.qr", "jax.numpy.linalg.slogdet",
                        "jax.numpy.linalg.svd", "jax.numpy.modf", "jax.numpy.frexp", "jax.numpy.divmod",
                        "jax.numpy.split", "jax.numpy.array_split"})
_SLICING = frozenset({"jax.numpy.split", "jax.numpy.array_split"})


def outputs(states, name: str, args: list, kwargs: dict, made: object) -> None:
    """Give each array of `made` (the call's results) its state."""
    items = made if type(made) in (tuple, list) else ()
    arrays = [value for value in (*args, *kwargs.values()) if type(value) is Arr]
    state = UNKNOWN
    if name in _ONE_ARRAY and len(arrays) == 1 and all(
            type(value) in (Arr, int, float, bool, str, tuple, list) for value in (*args, *kwargs.values())):
        given = states.state(arrays[0])
        if not (given.has(State.REDUCED) and name not in _SLICING or given.has(State.UNREDUCED)
                or given.has(State.UNKNOWN) or given.mixed):
            state = states.made(given)
    if state is UNKNOWN:
        states.untracked([*args, *kwargs.values()])
    for item in items:
        if type(item) is Arr and not item.host:
            item.state = state
