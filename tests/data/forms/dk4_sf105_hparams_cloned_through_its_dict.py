"""A hyper-parameter bag cloned through its attribute dict (`HParams(**{k: v.clone() if
isinstance(v, HParams) else v for k, v in self.__dict__.items()})`): the bag was built from
keywords alone and only `set` on new bags adds any, so its `__dict__` is known, in order, and the
clone holds the same fields."""
import jax
from jax.sharding import PartitionSpec as P


class HParams:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    def clone(self):
        return HParams(**{k: (v.clone() if isinstance(v, HParams) else v) for k, v in self.__dict__.items()})

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


class BaseLayer:
    @classmethod
    def HParams(cls):
        return HParams(cls=cls, axis="i", sync_axes=("i",))

    def __init__(self, p):
        self.p = p


class SumLayer(BaseLayer):
    @classmethod
    def HParams(cls):
        return super().HParams().set(axis="j", sync_axes=("i", "j"))

    def fprop(self, x):
        total = jax.lax.psum(x.sum(axis=1), self.p.axis)
        return jax.lax.pmean(total, self.p.sync_axes)  # SF105


def main(mesh, x):
    p = SumLayer.HParams().clone().set(name="sum_0")
    layer = p.cls(p)
    return jax.shard_map(layer.fprop, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
