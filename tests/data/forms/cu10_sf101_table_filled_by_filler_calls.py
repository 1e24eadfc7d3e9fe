"""Process groups kept in a module table that a filler function fills as the module loads
(`new_group("dp", ["i"])` statements): a helper's `get_group("dp")` reads the filled entry, so
the gather of the psum result to reduced is judged."""
from dataclasses import dataclass

import jax
from jax.sharding import PartitionSpec as P


@dataclass(frozen=True)
class ProcessGroup:
    name: str
    axes: tuple


_GROUPS = {}


def new_group(name, axes):
    _GROUPS[name] = ProcessGroup(name, tuple(axes))
    return _GROUPS[name]


def get_group(name):
    return _GROUPS[name]


new_group("dp", ["i"])
new_group("world", ["i", "j"])


def body(x):
    group = get_group("dp")
    total = jax.lax.psum(x, group.axes)
    return jax.lax.all_gather(total, group.axes, axis=0, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
