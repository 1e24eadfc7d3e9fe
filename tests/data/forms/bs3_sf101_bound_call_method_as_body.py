import jax
from jax.sharding import PartitionSpec as P


class Pooled:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        return jax.lax.all_gather(x, self.axis, to="reduced", tiled=True)  # SF101

    def mapped(self, mesh):
        return jax.shard_map(self.__call__, mesh=mesh, in_specs=P(), out_specs=P(reduced={self.axis}))


def main(mesh, x):
    pool = Pooled("i")
    return pool.mapped(mesh)(x)
