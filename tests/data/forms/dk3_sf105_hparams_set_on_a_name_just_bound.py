"""An experiment sets a hyper-parameter on the bag it just built and kept in a name
(`p = Layer.HParams(); p.set(...)`): nothing else holds the bag yet, so the layer built from it
reads what `set` gave."""
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
        return HParams(cls=cls, axis="i", mesh_axes=("i", "j"), sync_axes=("i",))

    def __init__(self, p):
        self.p = p


class SumLayer(BaseLayer):
    @classmethod
    def HParams(cls):
        return super().HParams().set(axis="j")

    def fprop(self, x):
        total = jax.lax.psum(x.sum(axis=1), self.p.axis)
        return jax.lax.pmean(total, self.p.sync_axes)  # SF105


def experiment():
    p = SumLayer.HParams()
    p.set(sync_axes=tuple(p.mesh_axes))
    return p


def main(mesh, x):
    p = experiment()
    layer = p.cls(p)
    return jax.shard_map(layer.fprop, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
