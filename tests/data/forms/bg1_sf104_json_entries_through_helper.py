import json

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = json.loads('{"train": ["i", "j"], "export": ["i", null]}')


def spec_from(entries):
    return P(*entries)


def main(mesh, w):
    w = jax.device_put(w, NamedSharding(mesh, spec_from(LAYOUT["train"])))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, spec_from(LAYOUT["export"]))  # SF104
