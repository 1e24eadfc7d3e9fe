"""Axis names unpacked into fields from the keys of a mapping: `self.rows, self.cols =
tuple(sizes)` of a default dict parameter, and `list(GRID.keys())` (a dict keeps its order)."""
import jax
from jax.sharding import PartitionSpec as P

GRID = {"i": 2, "j": 4}


class SeedTable:
    def __init__(self, mesh, sizes=GRID):
        self.mesh = mesh
        self.rows, self.cols = tuple(sizes)

    def collect(self, q):
        rows = jax.lax.all_gather(q, self.cols, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, (self.cols, self.rows), axis=0, tiled=True, to="reduced")  # SF102

    def build(self, q):
        return jax.shard_map(self.collect, mesh=self.mesh, in_specs=P(self.rows, self.cols),
                             out_specs=P(None, None, reduced={self.rows, self.cols}))(q)


class KeyTable:
    def __init__(self, mesh):
        self.mesh = mesh
        self.rows, self.cols = list(GRID.keys())

    def by_key(self, q):
        rows = jax.lax.all_gather(q, self.rows, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, (self.cols, self.rows), axis=0, tiled=True, to="reduced")  # SF102

    def build_keyed(self, q):
        return jax.shard_map(self.by_key, mesh=self.mesh, in_specs=P(self.rows, self.cols),
                             out_specs=P(None, None, reduced={self.rows, self.cols}))(q)


def main(mesh, x):
    return SeedTable(mesh).build(x), KeyTable(mesh).build_keyed(x)
