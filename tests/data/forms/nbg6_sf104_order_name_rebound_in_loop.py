import json

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = json.loads('{"orders": [["j", "i"], ["i", "j"]]}')


def rows_spec(order):
    return P(tuple(order), None)


def main(mesh, w):
    w = jax.device_put(w, NamedSharding(mesh, P(("i", "j"), None)))
    order = CONFIG["orders"][0]
    for order in CONFIG["orders"]:
        pass
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, rows_spec(order))  # none
