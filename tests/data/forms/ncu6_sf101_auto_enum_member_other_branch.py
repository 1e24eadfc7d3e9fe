"""The same auto() Enum, but the wrapper is built FULL_SHARD: the `is` test is false, the
scattered (varying) gradient is what is gathered to reduced, which JAX accepts."""
import enum

import jax
from jax.sharding import PartitionSpec as P


class Strategy(enum.Enum):
    FULL_SHARD = enum.auto()
    NO_SHARD = enum.auto()


class Wrapper:
    def __init__(self, axis="i", strategy=Strategy.FULL_SHARD):
        self.axis = axis
        self.strategy = strategy

    def reduce_grad(self, g):
        if self.strategy is Strategy.NO_SHARD:
            return jax.lax.psum(g, self.axis)
        return jax.lax.psum_scatter(g, self.axis, tiled=True)

    def __call__(self, x):
        g = self.reduce_grad(x)
        return jax.lax.all_gather(g, self.axis, axis=0, tiled=True, to="reduced")


def main(mesh, x):
    return jax.shard_map(Wrapper(), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
