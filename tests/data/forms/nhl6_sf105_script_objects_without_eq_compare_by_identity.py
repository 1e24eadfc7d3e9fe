"""Two equal-looking objects of a class without `__eq__` are unequal (`object.__eq__` is
identity), and a subclass's `__eq__` is asked first: one axis."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


class Mode:
    def __init__(self, name):
        self.name = name


class Strict(Mode):
    def __eq__(self, other):
        return type(other) is Strict and other.name == self.name


def axes_for(mode):
    if mode == Mode("tp") or Mode("tp") == Strict(mode.name):
        return ("i", "j")
    return ("i",)


def reduce_over(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


def main():
    return reduce_over(axes_for(Mode("tp")))


if __name__ == "__main__":
    main()
