"""Export: a row-sharded table (axis from the environment) is gathered whole, listing the axis as reduced."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = os.environ.get("ROWS_AXIS", "rows")
COLS = os.environ.get("COLS_AXIS", "cols")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(table):
    mesh = jax.make_mesh((2, 4), (ROWS, COLS))
    with jax.set_mesh(mesh):
        table = jax.device_put(table, NamedSharding(mesh, P((ROWS, COLS))))
        half = top_level_all_gather(table, P(ROWS, reduced={COLS}))
    return float(np.asarray(half).sum())
