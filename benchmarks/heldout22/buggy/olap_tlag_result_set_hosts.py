"""Result-set delivery: rows spread over hosts x row partitions x column groups are gathered per host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("host", "rows", "cols")
SCAN_LAYOUT = P(MESH_AXES, None)
PER_HOST = P(MESH_AXES[:2], None, reduced={MESH_AXES[2]})


def scan_filter(mesh):
    def body(block):
        return jnp.where(block > 0.5, block, 0.0)

    return jax.shard_map(body, mesh=mesh, in_specs=SCAN_LAYOUT, out_specs=SCAN_LAYOUT)


def deliver(result):
    return top_level_all_gather(result, PER_HOST)


def inputs():
    return (np.random.default_rng(137).uniform(size=(16, 3)).astype(np.float32),)


def main(table):
    mesh = jax.make_mesh((2, 2, 2), MESH_AXES)
    table = jax.device_put(table, NamedSharding(mesh, SCAN_LAYOUT))
    with jax.set_mesh(mesh):
        result = scan_filter(mesh)(table)
        return deliver(result)


if __name__ == "__main__":
    print(main(*inputs()))
