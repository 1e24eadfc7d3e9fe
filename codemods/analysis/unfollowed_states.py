"""jax.numpy functions of one array whose result does not vary where the array does (issue 13;
adversarial16 section C).

transfer.py reads a jax.numpy function as computing per device: its result varies on the axes
its operands vary on. Not `jnp.argsort(x)` (and `x.argsort()`): on jax 0.10.2 it varies on no
axis whatever x's state (run with x varying on one axis, on both, made invariant by psum,
pcast to varying: its indices are an invariant iota sorted along x), so `psum(order, ("i",
"j"))` runs; of a reduced x it raises (a ShardingTypeError: the iota is replicated where x is
reduced). Of the other functions of one array run alike (sort, partition, argpartition, argmax,
argmin, nonzero, argwhere, unique, searchsorted, lexsort, top_k, cumsum, median, digitize,
bincount, histogram, where, the `*_like` makers) every one keeps x's varying axes (run again on
0.10.2 for sort, argpartition, partition, lexsort, top_k's values and indices, argmax, argmin,
unique with size=, searchsorted, nonzero, median, quantile: forms ip4-ip7). Two operands:
`lax.sort_key_val(keys, values)` gives each output its own operand's state (invariant values
stay invariant under varying keys), while `lax.sort((keys, values), num_keys=1)` gives both the
varying axes of either; the tables call the former "mixed" and the analysis leaves it unknown
(form nip4). On another JAX release (not run) and for an operand not plainly varying or
invariant its state is unknown.
"""
from __future__ import annotations

from dataclasses import replace

from codemods.analysis.values import CONSTANT, UNKNOWN, AxisState, State

UNFOLLOWED = frozenset({"jax.numpy.argsort"})
_SPELLINGS = UNFOLLOWED | {".argsort()"}  # (a state run names a method `.argsort()`)
_RUN_ON = (0, 10, 2)


def unfollowed_state(name: str, operands: list, target) -> AxisState | None:
    """The state of such a function's result (None: not one of them)."""
    if name not in _SPELLINGS:
        return None
    arrays = [value for value in operands if isinstance(value, AxisState)]
    if tuple(target) != _RUN_ON or len(arrays) != 1 or arrays[0].mixed \
            or any(arrays[0].has(state) for state in (State.REDUCED, State.UNREDUCED, State.UNKNOWN)):
        return UNKNOWN
    return replace(CONSTANT, why="jnp.argsort's indices")
