"""A StrEnum member read from config, matched against value patterns: ALL gives both axes."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


class Reduce(enum.StrEnum):
    ROWS = enum.auto()
    ALL = enum.auto()


def axes_of(name):
    match Reduce(name):
        case Reduce.ALL:
            return ("i", "j")
        case Reduce.ROWS:
            return ("i",)


def main():
    return run(axes_of("all"))


if __name__ == "__main__":
    main()
