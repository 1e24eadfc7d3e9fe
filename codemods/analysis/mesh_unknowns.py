"""Whether a state inside a shard_map body is unknown on the mesh (state_runs.py; issue 13).

An AxisState names the axes it knows and gives one state for the rest. A product of a block
sharded over every mesh axis with a value of unknown state (a gate picked per device by
`jnp.take(gates, axis_index(expert), axis=1)`) varies on each axis of the mesh, which it names;
its rest is unknown, but on a mesh whose axes are all named the rest stands for no axis a
collective can name (a collective over another axis stops the run before: state_runs.axes).
"""
from __future__ import annotations

from codemods.analysis.values import AxisState, State


def unsure(state: AxisState, mesh_axes: tuple) -> bool:
    """Some axis of the mesh has an unknown state in `state`."""
    named = {axis for axis, _ in state.named}
    return any(s is State.UNKNOWN for _, s in state.named) or state.rest is State.UNKNOWN and not set(mesh_axes) <= named
