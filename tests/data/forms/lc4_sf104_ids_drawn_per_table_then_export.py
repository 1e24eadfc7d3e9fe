"""Sample ids are drawn per table from small tables indexed by drawn NumPy ints (`SIZES[t]`):
each lookup either raises or gives one of the sizes, and the export after it gathers the
row-sharded table to a replicated spec without listing the axis in reduced."""
from typing import NamedTuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SIZES = [12, 12, 8]
OFFSETS = (0, 12, 24)


class TableLayout(NamedTuple):
    rows: str | None
    cols: str | None = None

    def spec(self):
        return P(self.rows, self.cols)


TRAIN = TableLayout(rows="shard")
HOST = TRAIN._replace(rows=None)


def inputs():
    rng = np.random.default_rng(3)
    kinds = rng.integers(0, len(SIZES), 16)
    ids = np.array([OFFSETS[t] + rng.integers(0, SIZES[t]) for t in kinds], np.int32)
    table = rng.standard_normal((sum(SIZES), 8)).astype(np.float32)
    return ids, table


def main(ids, table):
    mesh = jax.make_mesh((4, 2), ("batch", "shard"))
    with jax.set_mesh(mesh):
        placed = jax.device_put(table, NamedSharding(mesh, TRAIN.spec()))
        full = top_level_all_gather(placed, HOST.spec())  # SF104
    return np.asarray(full)[ids]


if __name__ == "__main__":
    main(*inputs())
