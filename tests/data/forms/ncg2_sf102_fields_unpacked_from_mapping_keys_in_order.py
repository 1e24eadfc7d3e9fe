"""Near miss of cg2: the fields unpacked from the mapping's keys come in its order, "i" then
"j"; the value varies on "i" only, so gathering it over `self.rows` is valid (over "j" it would
not be: an analysis that swapped the items would report here)."""
import jax
from jax.sharding import PartitionSpec as P

GRID = {"i": 2, "j": 4}


class RowTable:
    def __init__(self, mesh, sizes=GRID):
        self.mesh = mesh
        self.rows, self.cols = tuple(sizes)

    def collect(self, q):
        return jax.lax.all_gather(q, self.rows, axis=0, tiled=True, to="reduced")

    def build(self, q):
        return jax.shard_map(self.collect, mesh=self.mesh, in_specs=P("i", None),
                             out_specs=P(None, None, reduced={"i"}))(q)


class KeyTable:
    def __init__(self, mesh):
        self.mesh = mesh
        self.rows, self.cols = list(GRID.keys())

    def by_key(self, q):
        return jax.lax.all_gather(q, self.cols, axis=1, tiled=True, to="reduced")

    def build_keyed(self, q):
        return jax.shard_map(self.by_key, mesh=self.mesh, in_specs=P(None, "j"),
                             out_specs=P(None, None, reduced={"j"}))(q)


def main(mesh, x):
    return RowTable(mesh).build(x), KeyTable(mesh).build_keyed(x)
