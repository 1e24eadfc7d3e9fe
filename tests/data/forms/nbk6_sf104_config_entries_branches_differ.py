import json

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = json.loads('{"train_layout": [["i", "j"], null], "export_layout": [["j"], null]}')


def to_spec(entries):
    return P(*[tuple(e) if isinstance(e, list) else e for e in entries])


def wrapped(entries):
    # the branches give different values: which one runs is the entry's type
    return P(*[tuple(e) if isinstance(e, list) else (e,) for e in entries])


def main(mesh, x):
    placed = jax.device_put(x, NamedSharding(mesh, to_spec(CONFIG["train_layout"])))
    with jax.set_mesh(mesh):
        return top_level_all_gather(placed, wrapped(CONFIG["train_layout"]))  # none
