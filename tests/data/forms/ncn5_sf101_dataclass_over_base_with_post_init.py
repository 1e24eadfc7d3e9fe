"""Near miss of cn5: the plain base has a `__post_init__`, which the generated constructor
calls; it sets `to` to 'invarying', so the gather after the `pmean` is fine. A hook up the
chain may change any field."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


class Module:
    def __post_init__(self):
        object.__setattr__(self, "to", "invarying")

    def __call__(self, x):
        return self.forward(x)


@dataclasses.dataclass(frozen=True)
class SharedMean(Module):
    axis: str = "i"
    to: str = "reduced"

    def forward(self, x):
        m = jax.lax.pmean(x, self.axis)
        return jax.lax.all_gather(m, self.axis, axis=0, to=self.to, tiled=True)


def main(mesh, x):
    layer = SharedMean(axis="j")
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
