"""The iterator's __next__ raises StopIteration at the 'end' marker: the loop gets
'i' only, though the list holds 'j' after it (a model that walked the list would see both)."""
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
        name = self.names[self.index]
        if name == "end":
            raise StopIteration
        self.index += 1
        return name


def main():
    axes = []
    for name in AxisWalk(["i", "end", "j"]):
        axes.append(name)
    return reduce_over(tuple(axes))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
