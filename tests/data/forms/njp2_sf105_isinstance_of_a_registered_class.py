"""`Layout.register(Rows)` makes a class with no base in common an instance of the `abc.ABC`
class (ABCMeta answers, not the bases): the body sums over "j" only, and runs."""
import abc
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


class Layout(abc.ABC):
    pass


class Rows:
    pass


Layout.register(Rows)


def main():
    mesh, x = operands()
    axes = ("j",) if isinstance(Rows(), Layout) else ("j", "i")
    return reduce_rows(mesh, x, axes)
