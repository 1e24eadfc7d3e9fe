"""Near misses of ca2: the stored jit is replaced after construction (a second store), or the
config object lays the result out so that the report's gather is valid."""
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
        return P(None, self.cols, reduced={self.rows})


class Engine:
    def __init__(self, mesh, layout):
        self.run = jax.jit(self._step, out_shardings=NamedSharding(mesh, layout.compute()))

    def _step(self, x):
        return x * 2.0


class Swapped:
    def __init__(self, mesh, layout):
        self.step = jax.jit(lambda x: x, out_shardings=NamedSharding(mesh, layout.compute()))

    def freeze(self, mesh):
        self.step = jax.jit(lambda x: x, out_shardings=NamedSharding(mesh, P(None, "j")))
        return self


def main(mesh, x):
    layout = Layout()
    engine = Engine(mesh, layout)
    swapped = Swapped(mesh, layout).freeze(mesh)
    with jax.set_mesh(mesh):
        y = engine.run(x)
        z = swapped.step(x)
        return top_level_all_gather(y, layout.report()), top_level_all_gather(z, P(None, "j"))
