"""`Config.set(c, reduce_axes=...)` through the class narrows the axes of `c` itself."""
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
    Config.set(c, reduce_axes=("i",))
    return c


def main(mesh, x):
    c = build()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, c.reduce_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
