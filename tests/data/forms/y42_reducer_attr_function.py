import jax
from jax.sharding import PartitionSpec as P


class Reducer:
    def __init__(self, axes):
        self.axes = list(axes)
        self.reduce = jax.lax.psum

    def __call__(self, v):
        return self.reduce(v, tuple(self.axes))  # SF105


def body(h):
    return Reducer(["i", "j"])(jax.lax.psum(h, "j"))


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
