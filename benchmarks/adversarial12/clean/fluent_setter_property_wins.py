"""The setter writes __dict__, but the class's property (with a setter) is what a read of the name gives."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class HParams:
    def __init__(self, **fields):
        self._sync_axes = ("i",)
        self.__dict__.update(fields)

    @property
    def sync_axes(self):
        return self._sync_axes

    @sync_axes.setter
    def sync_axes(self, value):
        self._sync_axes = tuple(value)

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


def main(mesh, x):
    p = HParams().set(sync_axes=("i", "j"))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, p.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
