"""Unknown states that cannot change a collective's outcome, in a shard_map body of a script run
(state_runs.py; issue 13).

An operation the run does not model (`jax.random.uniform(k, ...)` of a key split in the body,
`jnp.tensordot`) gives an array whose state the run does not know on some axes. On each such axis
JAX gives one of its states, and which ones a body can make is known: in a body where no value is
or was reduced or unreduced (no in_spec lists `reduced=`/`unreduced=`, no gather or cast made one:
BodyStates.reducing), every operation makes varying or invariant values only. There a collective
is judged on the axes it names alone:
- when the state on each named axis is known, JAX's answer depends on those states only (the
  other axes change no check of a psum, a gather or a cast), and so does the state it gives there;
- over one axis whose state is unknown, `psum`/`pmean`/`pmax`/`pmin` accept varying and invariant
  alike and give invariant on it: `phi = psum(tally, "hist") / n` followed by
  `all_gather(phi, "hist", to="reduced")` raises whatever the tally's other axes are.
Over a tuple of axes some of them unknown (one state needed on all: SF105), or a gather to
reduced over an unknown axis (one varying axis needed), the answer is not known: the run stops.
A state mixed from a tuple (`mixed`) is never taken.
"""
from __future__ import annotations

from codemods.analysis.values import State

_EITHER = frozenset({"psum", "pmean", "pmax", "pmin"})  # (accept varying and invariant alike)


def plain_collective(states, value, axes: tuple, short: str) -> bool:
    """JAX's answer to `short` over `axes` of a value in state `value` is known, though some other
    axes of the value are unknown (or, with `_EITHER`, the one named axis is)."""
    if states.reducing or value.mixed:
        return False
    unknown = [axis for axis in axes if value.on(axis) is State.UNKNOWN]
    return not unknown or len(axes) == 1 and short in _EITHER
