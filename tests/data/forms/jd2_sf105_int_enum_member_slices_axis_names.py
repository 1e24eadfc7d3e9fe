"""The reduction depth is an IntEnum member made by auto(): DEEP is 2, and slicing the axis names
with it (an IntEnum member indexes as its int) gives ("data", "model"), over which the psum of a
value varying on "data" only raises."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


class Depth(enum.IntEnum):
    SHALLOW = enum.auto()
    DEEP = enum.auto()


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def reduce(x, mesh, depth):
    axes = AXES[:depth]
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return reduce(x, mesh, Depth.DEEP)


if __name__ == "__main__":
    main()
