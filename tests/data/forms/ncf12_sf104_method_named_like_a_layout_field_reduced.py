"""The layout's export spec lists the gathered "j" in `reduced=`: the gather of the placed table
through the method named like the field is valid."""
import dataclasses

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class TableLayout:
    train: P = dataclasses.field(default_factory=lambda: P(("i", "j"), None))
    export: P = dataclasses.field(default_factory=lambda: P("i", None, reduced={"j"}))


class Table:
    def __init__(self, layout=None):
        self.layout = layout or TableLayout()

    def place(self, weights, mesh):
        return jax.device_put(weights, NamedSharding(mesh, self.layout.train))

    def export(self, weights):
        return top_level_all_gather(weights, self.layout.export)


def main(mesh, x):
    table = Table()
    with jax.set_mesh(mesh):
        placed = table.place(x, mesh)
        return table.export(placed)
