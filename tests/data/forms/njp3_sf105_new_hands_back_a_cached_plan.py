"""A `__new__` handing back one cached plan: the second construction initialises the first
object again, so `first.axes` is ("j",) and the body runs."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def operands():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))


class Plan:
    _one = None

    def __new__(cls, axes):
        if cls._one is None:
            cls._one = super().__new__(cls)
        return cls._one

    def __init__(self, axes):
        self.axes = axes


def main():
    mesh, x = operands()
    first = Plan(("j", "i"))
    Plan(("j",))
    return reduce_rows(mesh, x, first.axes)
