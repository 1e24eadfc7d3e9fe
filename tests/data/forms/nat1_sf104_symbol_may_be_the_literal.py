import os

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = os.environ.get("SHARDFIX_NAT1_AXIS", "i")


def run(mesh, x):
    rows = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
    cols = jax.device_put(x, NamedSharding(mesh, P(AXIS, None)))
    with jax.set_mesh(mesh):
        # Right when AXIS is "i" (the default), wrong otherwise: no finding either way.
        a = top_level_all_gather(rows, P(AXIS, None, reduced={"j"}))
        b = top_level_all_gather(cols, P("i", None))
        return a, b
