"""`self.layout = layout or Layout()` with `layout=None` left out by the one construction: the
record built there, its fields dataclass defaults made by `default_factory` lambdas."""
import dataclasses

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Layout:
    train: P = dataclasses.field(default_factory=lambda: P(("i", "j"), None))
    serve: P = dataclasses.field(default_factory=lambda: P("i", None))


class Table:
    def __init__(self, rows, layout=None):
        self.rows = rows
        self.layout = layout or Layout()

    def place(self, weights, mesh):
        return jax.device_put(weights, NamedSharding(mesh, self.layout.train))

    def publish(self, weights):
        return top_level_all_gather(weights, self.layout.serve)  # SF104


def main(mesh, x):
    table = Table(8)
    with jax.set_mesh(mesh):
        placed = table.place(np.asarray(x), mesh)
        return table.publish(placed)
