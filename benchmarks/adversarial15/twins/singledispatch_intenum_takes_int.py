"""singledispatch on an IntEnum member: int comes before Enum in its MRO."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import enum
import functools


class Mode(enum.Enum):
    ROWS = 1


@functools.singledispatch
def to_axes(value):
    return ("i", "j")


@to_axes.register
def _(value: int):
    return ("i",)


@to_axes.register
def _(value: enum.Enum):
    return ("i", "j")



def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return reduce_rows(mesh, x, to_axes(Mode.ROWS))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
