"""A `__new__` that only allocates (`super().__new__(cls)`) leaves the object to its `__init__`:
the plan holds both axes, and the psum raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def operands():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))


class Plan:
    def __new__(cls, axes):
        return super().__new__(cls)

    def __init__(self, axes):
        self.axes = axes


def main():
    mesh, x = operands()
    return reduce_rows(mesh, x, Plan(("j", "i")).axes)
