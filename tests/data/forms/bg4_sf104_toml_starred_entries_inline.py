import tomllib

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SETTINGS = tomllib.loads('''
[layout]
train = ["i", "j"]
export = ["i"]
''')


def main(mesh, w):
    w = jax.device_put(w, NamedSharding(mesh, P(*SETTINGS["layout"]["train"])))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(*SETTINGS["layout"]["export"], None))  # SF104
