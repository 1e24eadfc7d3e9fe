"""Axes joined by a module class's reflected operators: `("i",) + Axis("j")` asks tuple first (it
answers NotImplemented), then `Axis.__radd__`; `"data" | group` runs `Group.__ror__`."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


class Axis:
    def __init__(self, name):
        self.name = name

    def __add__(self, other):
        if isinstance(other, Axis):
            return (self.name, other.name)
        return NotImplemented

    def __radd__(self, other):
        return tuple(other) + (self.name,)


class Group:
    def __init__(self, names=()):
        self.names = tuple(names)

    def __ror__(self, name):
        return Group((name,) + self.names)


def reduce_over(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


def main():
    group = "i" | Group()
    return reduce_over(group.names + Axis("j"))


if __name__ == "__main__":
    main()
