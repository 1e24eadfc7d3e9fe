"""Praxis-like hyper-parameters: an attribute bag whose `set(**fields)` updates it in place and
returns it, called by each layer's `HParams()` classmethod on the bag its base's (reached by
`super()`) builds. Every `set` is on a bag just built, which no other name holds, so the layer's
fields are what the classmethods set (`x.at[0, 0].set(0.0)` cannot run the bags' `set`)."""
import jax
from jax.sharding import PartitionSpec as P


class HParams:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


class BaseLayer:
    @classmethod
    def HParams(cls):
        return HParams(cls=cls, axis="i")

    def __init__(self, p):
        self.p = p


class SumLayer(BaseLayer):
    @classmethod
    def HParams(cls):
        return super().HParams().set(axis="j", sync_axes=("i", "j"))

    def fprop(self, x):
        x = x.at[0, 0].set(0.0)  # an array's `set` takes a value: no setter of the bags
        total = jax.lax.psum(x.sum(axis=1), self.p.axis)
        return jax.lax.pmean(total, self.p.sync_axes)  # SF105


def instantiate(p):
    return p.cls(p)


def main(mesh, x):
    layer = instantiate(SumLayer.HParams())
    return jax.shard_map(layer.fprop, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
