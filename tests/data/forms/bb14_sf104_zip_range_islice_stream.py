import itertools

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def stream(mesh, x):
    while True:
        yield {"x": jax.device_put(x, NamedSharding(mesh, P("i", None))),
               "y": jax.device_put(x, NamedSharding(mesh, P("j", None)))}


def main(mesh, x):
    seen = []
    with jax.set_mesh(mesh):
        for step, batch in zip(range(2), itertools.islice(stream(mesh, x), 4)):
            seen.append(top_level_all_gather(batch["y"], P(None, None)))  # SF104
    return seen
