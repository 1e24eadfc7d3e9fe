"""An axis list class with __getitem__ and no __iter__: Python walks it by the old
sequence protocol, items 0, 1, ... until IndexError, both names."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisList:
    def __init__(self, *names):
        self.names = names

    def __getitem__(self, index):
        return self.names[index]


def main():
    axes = []
    for name in AxisList("i", "j"):
        axes.append(name)
    return reduce_over(tuple(axes))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
