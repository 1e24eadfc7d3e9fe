import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class Exporter:
    def __init__(self, axis):
        self.axis = axis

    def host(self, x):
        return top_level_all_gather(x, P(None, reduced={self.axis}))  # SF104: the mesh set has an Auto axis


def run(x):
    grid = jax.make_mesh((2, 4), ("i", "j"), axis_types=(AxisType.Explicit, AxisType.Auto))
    exporter = Exporter("i")
    with jax.set_mesh(grid):
        return exporter.host(jax.device_put(x, NamedSharding(grid, P("i"))))
