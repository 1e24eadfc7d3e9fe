"""Write the merged vocabulary table: reshard it for the writer, then gather it to the host layout."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("docs", "buckets")
WRITER = P(AXES, None)


def writer_layout(table):
    return jax.reshard(table, WRITER)


def host_layout(table):
    return top_level_all_gather(table, P(AXES[0], None, reduced={AXES[1]}))


def inputs():
    rng = np.random.default_rng(67)
    return (rng.random((16, 4)).astype(np.float32),)


def main(table):
    mesh = jax.make_mesh((2, 4), AXES)
    table = jax.device_put(table, NamedSharding(mesh, P(None, None)))
    with jax.set_mesh(mesh):
        staged = writer_layout(table)
        written = host_layout(staged)
    return written


if __name__ == "__main__":
    print(main(*inputs()))
