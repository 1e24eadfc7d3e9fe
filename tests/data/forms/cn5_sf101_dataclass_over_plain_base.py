"""A dataclass layer over a plain base class (no field, `__init__` or hook of its own, only the
`__call__` that forwards): the generated constructor sets the layer's own fields, so the
gather runs over 'j' on a value the `pmean` just made invariant there."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


class Module:
    def __call__(self, x):
        return self.forward(x)


@dataclasses.dataclass(frozen=True)
class SharedMean(Module):
    axis: str = "i"

    def forward(self, x):
        m = jax.lax.pmean(x, self.axis)
        return jax.lax.all_gather(m, self.axis, axis=0, to="reduced", tiled=True)  # SF101


def main(mesh, x):
    layer = SharedMean(axis="j")
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
