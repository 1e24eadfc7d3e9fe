"""A member's value is a list; popping it through the member changes what every read sees."""
import enum

import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Sync(enum.Enum):
    ROWS = ["i", "j"]
    COLS = ["j"]


Sync.COLS.value.pop()


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, tuple(Sync.ROWS.value))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
