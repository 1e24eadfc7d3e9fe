"""The method `export` shares its name with a dataclass field (`layout.export`, a spec) that the
method itself hands to the gather: that read calls nothing, and the one call `table.export(placed)`
is on an object of the method's class, so the method's caller is known. Gathering "j" without
listing it in `reduced=` fails."""
import dataclasses

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class TableLayout:
    train: P = dataclasses.field(default_factory=lambda: P(("i", "j"), None))
    export: P = dataclasses.field(default_factory=lambda: P("i", None))


class Table:
    def __init__(self, layout=None):
        self.layout = layout or TableLayout()

    def place(self, weights, mesh):
        return jax.device_put(weights, NamedSharding(mesh, self.layout.train))

    def export(self, weights):
        return top_level_all_gather(weights, self.layout.export)  # SF104


def main(mesh, x):
    table = Table()
    with jax.set_mesh(mesh):
        placed = table.place(x, mesh)
        return table.export(placed)
