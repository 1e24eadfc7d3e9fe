import jax
from jax.sharding import PartitionSpec as P


class Base:
    def __init__(self, mesh, rows, cols):
        self.mesh = mesh
        self.rows = rows
        self.cols = cols

    def body(self, v):
        s = jax.lax.psum(v, self.cols)
        return jax.lax.pmean(s, (self.rows, self.cols))  # SF105

    def __call__(self, x):
        return jax.shard_map(self.body, mesh=self.mesh, in_specs=P(self.rows, self.cols), out_specs=P())(x)


class GridReducer(Base):
    def __init__(self, mesh):
        super().__init__(mesh, "i", "j")


class NamedReducer(Base):
    def __init__(self, mesh, name="grid"):
        super().__init__(mesh, rows="i", cols="j")
        self.name = name


def main(mesh, x):
    return GridReducer(mesh)(x) + NamedReducer(mesh)(x)
