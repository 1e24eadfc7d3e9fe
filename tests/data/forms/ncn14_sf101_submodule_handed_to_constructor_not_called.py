"""Near miss of cn14: the block's constructor stores the handed sub-module but its
`__call__` runs its own summing layer; the gathering object is never called."""
import jax
from jax.sharding import PartitionSpec as P


class SharedMean:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        m = jax.lax.pmean(x, self.axis)
        return jax.lax.all_gather(m, self.axis, axis=0, to="reduced", tiled=True)


class Sum:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        return jax.lax.psum(x, self.axis)


class Block:
    def __init__(self, norm):
        self.norm = norm
        self.sum = Sum("j")

    def __call__(self, x):
        return self.sum(x)


def main(mesh, x):
    norm = SharedMean("j")
    block = Block(norm)
    return jax.shard_map(block, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
