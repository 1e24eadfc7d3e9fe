"""A jitted function `__init__` stores on the object (its out_shardings a method of a config
object handed to the constructor), called as `engine.run(x)`; the out spec another method."""
import dataclasses

import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass(frozen=True)
class Layout:
    rows: str = "i"
    cols: str = "j"

    def compute(self):
        return P(self.rows, self.cols)

    def report(self):
        return P(None, self.cols)


class Engine:
    def __init__(self, mesh, layout):
        self.layout = layout
        self.run = jax.jit(self._step, out_shardings=NamedSharding(mesh, layout.compute()))

    def _step(self, x):
        return x * 2.0


def main(mesh, x):
    layout = Layout()
    engine = Engine(mesh, layout)
    with jax.set_mesh(mesh):
        y = engine.run(x)
        return top_level_all_gather(y, layout.report())  # SF104
