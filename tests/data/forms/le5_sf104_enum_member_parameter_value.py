import enum

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Placement(enum.Enum):
    SHARDED = P("i", "j")
    COLUMNS = P(None, "j")


class Table:
    def __init__(self, mesh, x, placement=Placement.SHARDED):
        self.weight = jax.device_put(x, NamedSharding(mesh, placement.value))

    def full(self, target=Placement.COLUMNS):
        return top_level_all_gather(self.weight, target.value)  # SF104: gathers 'i' without reduced


def main(mesh, x):
    table = Table(mesh, x)
    with jax.set_mesh(mesh):
        return table.full()
