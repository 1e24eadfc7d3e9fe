"""The sync mode is an IntEnum member of value 0, which is false as its int is (a plain Enum's
members are all true): the body reduces over "data" only, and nothing raises."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Sync(enum.IntEnum):
    OFF = 0
    FULL = 1


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def axes_for(mode):
    if mode:
        return ("data", "model")
    return ("data",)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    body = make_body(axes_for(Sync.OFF))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
