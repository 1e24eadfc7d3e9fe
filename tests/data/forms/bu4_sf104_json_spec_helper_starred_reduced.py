import json

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = json.loads('{"rows": [["i", "j"], null], "export": [null, null], "gathered": ["i"]}')


def spec_from(entries, reduced=()):
    return P(*[tuple(e) if isinstance(e, list) else e for e in entries], reduced={*reduced})


def main(mesh, x):
    rows = jax.device_put(x, NamedSharding(mesh, spec_from(LAYOUTS["rows"])))
    with jax.set_mesh(mesh):
        return top_level_all_gather(rows, spec_from(LAYOUTS["export"], LAYOUTS["gathered"]))  # SF104
