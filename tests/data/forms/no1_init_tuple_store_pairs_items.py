import jax
from jax import lax
from jax.sharding import PartitionSpec as P


class Metrics:
    def __init__(self, mesh):
        # each target gets the item in its own place: data_axes is ("i",), not the pair
        self.data_axes, self.all_axes = ("i",), ("i", "j")
        self.mesh = mesh

    def body(self, x):
        return lax.psum(x.sum(), self.data_axes)

    def __call__(self, x):
        return jax.shard_map(self.body, mesh=self.mesh, in_specs=P("i"), out_specs=P())(x)


def run(mesh, x):
    return Metrics(mesh)(x)
