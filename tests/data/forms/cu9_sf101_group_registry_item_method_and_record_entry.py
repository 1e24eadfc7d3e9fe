"""A process-group registry filled at import by `GROUPS.register("dp", GroupSpec("i"))` (a
dataclass construction runs no code of the module) and read as `GROUPS["dp"]`, which runs its
`__getitem__`: the axis is known, so the gather of the psum result to reduced is judged."""
from dataclasses import dataclass

import jax
from jax.sharding import PartitionSpec as P


@dataclass(frozen=True)
class GroupSpec:
    axis: str


class GroupRegistry:
    def __init__(self):
        self._groups = {}

    def register(self, name, spec):
        self._groups[name] = spec
        return spec

    def __getitem__(self, name):
        return self._groups[name]


GROUPS = GroupRegistry()
GROUPS.register("dp", GroupSpec("i"))


def body(x):
    axis = GROUPS["dp"].axis
    total = jax.lax.psum(x, axis)
    return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
