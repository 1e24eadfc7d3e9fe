import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

VOCAB, EMBED = 'vocab', 'embed'


def unshard_table(table, mesh):
    table = jax.device_put(table, NamedSharding(mesh, P(VOCAB, EMBED)))
    return top_level_all_gather(table, P(None, EMBED))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8),)


def main(table):
    mesh = jax.make_mesh((4, 2), (VOCAB, EMBED))
    with jax.set_mesh(mesh):
        return unshard_table(table, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
