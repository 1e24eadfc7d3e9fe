"""Export embedding tables from the sharding plan's layouts to the inference layout."""
from enum import Enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ShardingType(Enum):
    ROW_WISE = "row_wise"
    COLUMN_WISE = "column_wise"
    TABLE_ROW_WISE = "table_row_wise"


PLAN = {
    "user_id": ShardingType.TABLE_ROW_WISE,
    "item_id": ShardingType.ROW_WISE,
    "category": ShardingType.COLUMN_WISE,
}
TRAIN_LAYOUT = {
    ShardingType.ROW_WISE: P("row", None),
    ShardingType.COLUMN_WISE: P(None, "row"),
    ShardingType.TABLE_ROW_WISE: P(("table", "row"), None),
}
INFERENCE_LAYOUT = {
    ShardingType.ROW_WISE: P(None, None, reduced={"row"}),
    ShardingType.COLUMN_WISE: P(None, None, reduced={"row"}),
    ShardingType.TABLE_ROW_WISE: P("row", None),
}


def place(mesh, tables):
    return {name: jax.device_put(t, NamedSharding(mesh, TRAIN_LAYOUT[PLAN[name]])) for name, t in tables.items()}


def export(placed):
    return {name: top_level_all_gather(t, INFERENCE_LAYOUT[PLAN[name]]) for name, t in placed.items()}


def inputs():
    return ({"user_id": np.ones((64, 8), np.float32), "item_id": np.ones((32, 8), np.float32),
             "category": np.ones((16, 8), np.float32)},)


def main(tables):
    mesh = jax.make_mesh((2, 4), ("table", "row"))
    placed = place(mesh, tables)
    with jax.set_mesh(mesh):
        return export(placed)


if __name__ == "__main__":
    print(main(*inputs()))
