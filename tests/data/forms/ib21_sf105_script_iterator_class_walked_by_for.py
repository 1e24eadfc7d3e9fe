"""An iterator class (__iter__ returns self, __next__ raises StopIteration at the
end) walked by a for loop: both axis names are collected."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisWalk:
    def __init__(self, names):
        self.names = names
        self.index = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.index >= len(self.names):
            raise StopIteration
        name = self.names[self.index]
        self.index += 1
        return name


def main():
    axes = []
    for name in AxisWalk(["i", "j"]):
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
