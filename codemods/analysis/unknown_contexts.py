"""The transfer table's keys for operands whose states on the mesh's other axes are unknown
(issue 13).

`gather_reduced(latents, "data")` of latents that went through a loop the analysis joined is
reduced on 'data' and unknown elsewhere; `1 / scaling_factor * latents` then meets a constant.
JAX rejects a reduced operand beside a replicated one on its reduced axis; whether it does can
depend on the operands' states on the other axes, which the table's `@` part records. An array
is, on each mesh axis, in one of the four states: where the mesh is known, an unknown state there
is one of them (and a state `rest` gives on axes outside the mesh is on no axis at all), so the operation certainly raises when the table shows it raising for every one
of them (each a key of its own, all of which must raise: OperandRule.raises_replicated). Each
array's named axes must be mesh axes; a mesh not known, or too many unknown places, gives none.
"""
from __future__ import annotations

from itertools import product

from codemods.transfer import model as transfer_model
from codemods.analysis.values import AxisState, State

_REAL = (State.VARYING, State.INVARIANT, State.REDUCED, State.UNREDUCED)
MAX_UNKNOWN_PLACES = 3  # 4**3 keys at most


def every_context(arrays: list[AxisState], axis: str, mesh_axes: tuple[str, ...] | None) -> list[str] | None:
    """The `@` parts of every reading of the arrays' unknown states on the mesh's other axes."""
    if not mesh_axes or axis not in mesh_axes:
        return None
    if any(name not in mesh_axes for array in arrays for name, _ in array.named):
        return None
    others = [name for name in mesh_axes if name != axis]
    places = [(column, row) for column, other in enumerate(others) for row, array in enumerate(arrays)
              if array.on(other) is State.UNKNOWN]
    if len(places) > MAX_UNKNOWN_PLACES:
        return None
    contexts = []
    for reading in product(_REAL, repeat=len(places)):
        chosen = dict(zip(places, reading))
        columns = [[chosen.get((column, row), array.on(other)).value for row, array in enumerate(arrays)]
                   for column, other in enumerate(others)]
        context = transfer_model.context_suffix(columns)
        if context is None:
            return None
        contexts.append(context)
    return sorted(set(contexts))
