import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Module:
    def __init__(self, axis_name):
        self.axis_name = axis_name
        self.setup()

    def setup(self):
        pass


class RowParallelDense(Module):
    def setup(self):
        self.scale = 0.5

    def __call__(self, h):
        partial_out = jax.lax.psum(h * self.scale, "j")
        return jax.lax.psum(partial_out, ("i", "j"))  # SF105


def run(mesh, x):
    layer = RowParallelDense("j")
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
