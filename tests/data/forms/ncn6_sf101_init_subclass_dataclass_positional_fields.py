"""Near miss of cn6: the subclass made a dataclass by the base's hook is built with positional
arguments in field order, `to` given as 'invarying', so the gather after the `pmean` is fine."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


class Module:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)

    def __call__(self, x):
        return self.forward(x)


class SharedMean(Module):
    axis: str = "i"
    to: str = "reduced"

    def forward(self, x):
        m = jax.lax.pmean(x, self.axis)
        return jax.lax.all_gather(m, self.axis, axis=0, to=self.to, tiled=True)


def main(mesh, x):
    layer = SharedMean("j", "invarying")
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
