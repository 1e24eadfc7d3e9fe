import os

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = os.environ.get("SHARDFIX_AT1_ROWS", "i")
COLS = os.getenv("SHARDFIX_AT1_COLS", "j")
PLACED = {"grid": P((ROWS, COLS), None), "halo": P(ROWS, COLS)}


def run(mesh, x):
    grid = jax.device_put(x, NamedSharding(mesh, PLACED["grid"]))
    halo = jax.device_put(x, NamedSharding(mesh, PLACED["halo"]))
    with jax.set_mesh(mesh):
        ok = top_level_all_gather(halo, P(ROWS, None, reduced={COLS}))
        bad = top_level_all_gather(grid, P(COLS, None, reduced={ROWS}))  # SF104
        return ok, bad
