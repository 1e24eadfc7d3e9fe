from enum import Enum

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ShardingType(Enum):
    ROW_WISE = "row_wise"
    TABLE_ROW_WISE = "table_row_wise"


PLAN = {"user_id": ShardingType.TABLE_ROW_WISE, "item_id": ShardingType.ROW_WISE}
TRAIN_LAYOUT = {ShardingType.ROW_WISE: P("j", None), ShardingType.TABLE_ROW_WISE: P(("i", "j"), None)}
INFERENCE_LAYOUT = {ShardingType.ROW_WISE: P(None, None, reduced={"j"}), ShardingType.TABLE_ROW_WISE: P("j", None)}


def place(mesh, tables):
    return {name: jax.device_put(t, NamedSharding(mesh, TRAIN_LAYOUT[PLAN[name]])) for name, t in tables.items()}


def export(placed):
    return {name: top_level_all_gather(t, INFERENCE_LAYOUT[PLAN[name]]) for name, t in placed.items()}  # none


def main(mesh, x):
    placed = place(mesh, {"item_id": jnp.ones((8, 8)), "user_id": jnp.ones((16, 8))})
    del placed["user_id"]
    with jax.set_mesh(mesh):
        return export(placed)
