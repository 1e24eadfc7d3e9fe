"""type(self).__name__ in the base names the subclass, whose table entry is rows only."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

AXES = {"norm": ("i", "j"), "rownorm": ("i",)}


class Norm:
    def __init__(self, name=None):
        self.name = name or type(self).__name__.lower()
        self.axes = AXES[self.name]

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


class RowNorm(Norm):
    pass


def main(mesh, x):
    return jax.shard_map(RowNorm(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
