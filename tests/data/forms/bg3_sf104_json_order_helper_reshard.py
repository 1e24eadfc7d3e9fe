import json

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = json.loads('{"layout": {"train": ["i", "j"], "export": ["j", "i"]}}')


def rows_spec(order):
    return P(tuple(order), None)


def main(mesh, w):
    w = jax.device_put(w, NamedSharding(mesh, P()))
    with jax.set_mesh(mesh):
        w = jax.reshard(w * 2, rows_spec(CONFIG["layout"]["train"]))
        return top_level_all_gather(w, rows_spec(CONFIG["layout"]["export"]))  # SF104
