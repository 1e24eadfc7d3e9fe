import jax
from jax.sharding import PartitionSpec as P


class Module:
    def __init__(self, name=None):
        self.name = name


class ShardedLinear(Module):
    def __init__(self, axis, name=None):
        super().__init__(name=name)
        self.axis = axis

    def __call__(self, h):
        full = jax.lax.all_gather(h, self.axis, to="reduced", tiled=True)
        return jax.lax.psum(full, self.axis)  # SF103


def forward(h):
    return ShardedLinear("i", name="linear")(h)


def run(mesh, x):
    return jax.shard_map(forward, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
