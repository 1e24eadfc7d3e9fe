"""Praxis-like HParams: .set() on an alias changes the params the layer is built from."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class HParams:
    def __init__(self, cls, **kwargs):
        self.__dict__["cls"] = cls
        self.__dict__["fields"] = dict(kwargs)

    def __getattr__(self, name):
        return self.__dict__["fields"][name]

    def set(self, **kwargs):
        self.__dict__["fields"].update(kwargs)
        return self

    def clone(self):
        return HParams(self.cls, **self.__dict__["fields"])

    def instantiate(self):
        return self.cls(self)


class Reducer:
    def __init__(self, hparams):
        self.axes = hparams.axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def main(mesh, x):
    params = HParams(Reducer, axes=("i", "j"))
    wide = params.clone()
    alias = params.clone()
    alias.set(axes=("i",))
    wide.set(axes=("i", "j"))
    return jax.shard_map(params.instantiate(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
