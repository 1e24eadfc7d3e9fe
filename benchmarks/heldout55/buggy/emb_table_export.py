"""Export a row-wise sharded embedding table for the serving fleet."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("dp", "shard")


class ShardingType(str, enum.Enum):
    ROW_WISE = "row_wise"
    TABLE_ROW_WISE = "table_row_wise"
    SERVING = "serving"


SHARDING_SPECS = {
    ShardingType.ROW_WISE: P("shard", None),
    ShardingType.TABLE_ROW_WISE: P(("dp", "shard"), None),
    ShardingType.SERVING: P("shard", None, reduced={"dp"}),
}


def place_table(weights, mesh, sharding_type):
    return jax.device_put(weights, NamedSharding(mesh, SHARDING_SPECS[sharding_type]))


def export_for_serving(table):
    return top_level_all_gather(table, SHARDING_SPECS[ShardingType.SERVING])


def inputs():
    return (np.random.default_rng(2).normal(size=(64, 16)).astype(np.float32),)


def main(weights):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    with jax.set_mesh(mesh):
        table = place_table(weights, mesh, ShardingType.TABLE_ROW_WISE)
        exported = export_for_serving(table)
    return exported


if __name__ == "__main__":
    main(*inputs())
