import itertools

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def stream(mesh, x):
    for _ in range(3):
        yield {"x": jax.device_put(x, NamedSharding(mesh, P("i", None)))}


def main(mesh, x):
    seen = []
    with jax.set_mesh(mesh):
        for batch in itertools.islice(stream(mesh, x), 2):
            batch = {"x": jax.reshard(batch["x"], P(None, None))}
            seen.append(top_level_all_gather(batch["x"], P(None, None)))
    return seen
