"""A linen-like base whose `__init_subclass__` makes every subclass a frozen dataclass: the
subclass's annotated attributes are constructor fields (`SharedMean(axis="j")`), so the gather
over 'j' takes a value the `pmean` made invariant there."""
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
        return jax.lax.all_gather(m, self.axis, axis=0, to=self.to, tiled=True)  # SF101


def main(mesh, x):
    layer = SharedMean(axis="j")
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
