"""The sequence protocol asks __getitem__ until IndexError and never __len__: the
list raises IndexError after its first name, so only 'i' is walked (a model bounded by __len__
would see both axes)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisList:
    def __init__(self, *names):
        self.names = names

    def __len__(self):
        return len(self.names)

    def __getitem__(self, index):
        if index >= 1:
            raise IndexError(index)
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
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
