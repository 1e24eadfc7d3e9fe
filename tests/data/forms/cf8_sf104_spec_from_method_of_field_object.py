"""`top_level_all_gather(x, self.layouts.for_export())`: the spec a method of the object a field
holds returns (the field stored in `__init__` from the constructor's argument, the object built
in the caller). Gathering "i" without listing it in `reduced=` fails."""
import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layouts:
    def __init__(self, rows="i", cols="j"):
        self.rows = rows
        self.cols = cols

    def training(self):
        return P(self.rows, self.cols)

    def for_export(self):
        return P(None, self.cols)


class Exporter:
    def __init__(self, mesh, layouts):
        self.mesh = mesh
        self.layouts = layouts

    def export(self, value):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(value, self.layouts.for_export())  # SF104


def main(mesh, x):
    layouts = Layouts()
    placed = jax.device_put(x, NamedSharding(mesh, layouts.training()))
    return Exporter(mesh, layouts).export(placed)
