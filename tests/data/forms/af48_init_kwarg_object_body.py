import jax
from jax.sharding import PartitionSpec as P


class GradSync:
    def __init__(self, axes=("i", "j")):
        self.axes = axes

    def __call__(self, g):
        g = jax.lax.psum(g, self.axes[-1])
        return jax.lax.psum(g, self.axes)  # SF105


def run(mesh, x):
    sync = GradSync()
    return jax.shard_map(sync, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
