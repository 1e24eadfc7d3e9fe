"""`Config.set(c, ...)` runs the setter on `c` (the class's def takes its receiver positionally): it changes only the name."""
import jax
from jax.sharding import PartitionSpec as P


class Config:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


def build():
    c = Config(reduce_axes=("i", "j"), name="mlp")
    Config.set(c, name="mlp_small")
    return c


def main(mesh, x):
    c = build()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, c.reduce_axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
