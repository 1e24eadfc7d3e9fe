import jax
from jax.sharding import PartitionSpec as P


class Pooled:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        return jax.lax.all_gather(x, self.axis, to="reduced", tiled=True)  # none

    def mapped(self, mesh):
        return jax.shard_map(self.__call__, mesh=mesh, in_specs=P(), out_specs=P(reduced={self.axis}))

    def as_function(self):
        return self.__call__


def main(mesh, x):
    pool = Pooled("i")
    body = pool.as_function()
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
