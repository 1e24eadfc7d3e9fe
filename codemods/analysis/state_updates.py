"""`x.at[idx].set(v)` and its kin in a state run (state_runs.py; issue 13): a PINN's boundary
points (`tx.at[:, 1].set(-1.0)`), a cache write (`buf.at[step].set(g)`).

As the symbolic reading has it (index_updates.py, run on jax 0.10.2 for set, add, multiply,
mul, min, max and get): the result varies on every axis the array, an index array or the update
varies on, and is invariant elsewhere; a reduced operand (`r.at[0].set(1.0)` comes out
invariant, its reduced state dropped), an unknown one, a keyword or anything not an array or a
Python number gives an unknown result.
"""
from __future__ import annotations

from codemods.analysis import transfer
from codemods.analysis.index_updates import UPDATES
from codemods.analysis.script_values import Arr
from codemods.analysis.values import UNKNOWN, State

_AT, _REF = "at", "ref"


def at(states, holder: Arr, result: Arr) -> None:
    """`x.at`: JAX's reference to x's indices (its state is x's, to be combined by the update)."""
    result.state = states.state(holder)
    states.updates[result.serial] = _AT


def at_indexed(states, holder: Arr, result: Arr, indices: list) -> bool:
    """`x.at[idx]`: the reference with the index arrays' states joined in (False: not one)."""
    if states.updates.get(holder.serial) is not _AT:
        return False
    result.state = _joined(states, [holder, *(index for index in indices if type(index) is Arr)])
    states.updates[result.serial] = _REF
    return True


def updated(states, holder: Arr, name: str, args: list, kwargs: dict, result: Arr) -> bool:
    """`x.at[idx].set(v)`: the joined state (False: not an update)."""
    if states.updates.get(holder.serial) is not _REF or name not in UPDATES:
        return False
    if kwargs or not all(type(arg) in (Arr, int, float, bool) for arg in args):
        states.untracked([holder, *args, *kwargs.values()])
        result.state = UNKNOWN
        return True
    result.state = _joined(states, [holder, *(arg for arg in args if type(arg) is Arr)])
    return True


def _joined(states, arrays: list):
    found = [states.state(array) for array in arrays]
    if any(item.has(State.REDUCED) or item.has(State.UNREDUCED) or item.has(State.UNKNOWN) or item.mixed
           for item in found):
        states.untracked(arrays)  # (Bail where one may be reduced: the result is not known)
        return UNKNOWN
    return transfer.elementwise(found, False, why=found[0].why)
