"""The object the field holds is built with `rows="i", cols="j"` (the defaults are the other way
round): its export spec is `P("i", "j")`, the input's own, so nothing is gathered."""
import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layouts:
    def __init__(self, rows="j", cols="i"):
        self.rows = rows
        self.cols = cols

    def training(self):
        return P(self.rows, self.cols)

    def for_export(self):
        return P(self.rows, self.cols)


class Exporter:
    def __init__(self, mesh, layouts):
        self.mesh = mesh
        self.layouts = layouts

    def export(self, value):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(value, self.layouts.for_export())


def main(mesh, x):
    layouts = Layouts(rows="i", cols="j")
    placed = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    return Exporter(mesh, layouts).export(placed)
