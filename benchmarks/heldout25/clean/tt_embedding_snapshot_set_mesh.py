"""Nightly job: snapshot the item embedding table to host for the ANN index builder."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TABLE_AXIS = "table"
REPLICA_AXIS = "replica"


def place_table(table, mesh):
    return jax.device_put(table, NamedSharding(mesh, P(TABLE_AXIS, None)))


def snapshot(table):
    host_view = top_level_all_gather(table, P(None, None, reduced={TABLE_AXIS}))
    return np.asarray(host_view)


def inputs():
    return (np.arange(64 * 8, dtype=np.float32).reshape(64, 8) / 100.0,)


def main(table):
    mesh = jax.make_mesh((2, 4), (REPLICA_AXIS, TABLE_AXIS))
    table = place_table(table, mesh)
    with jax.set_mesh(mesh):
        return snapshot(table)


if __name__ == "__main__":
    print(main(*inputs()))
