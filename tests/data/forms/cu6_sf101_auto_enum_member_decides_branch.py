"""An FSDP-like strategy Enum whose members are all `auto()` (1, 2, ...: distinct): the wrapper's
`self.strategy is Strategy.NO_SHARD` is decided, so the psum branch runs and its invariant result
is gathered to reduced."""
import enum

import jax
from jax.sharding import PartitionSpec as P


class Strategy(enum.Enum):
    FULL_SHARD = enum.auto()
    NO_SHARD = enum.auto()


class Wrapper:
    def __init__(self, axis="i", strategy=Strategy.NO_SHARD):
        self.axis = axis
        self.strategy = strategy

    def reduce_grad(self, g):
        if self.strategy is Strategy.NO_SHARD:
            return jax.lax.psum(g, self.axis)
        return jax.lax.psum_scatter(g, self.axis, tiled=True)

    def __call__(self, x):
        g = self.reduce_grad(x)
        return jax.lax.all_gather(g, self.axis, axis=0, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    return jax.shard_map(Wrapper(), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
