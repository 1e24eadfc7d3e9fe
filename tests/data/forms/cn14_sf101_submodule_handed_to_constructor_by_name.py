"""A sub-module built first and handed to the block's constructor by name (`norm =
SharedMean("j")`, `Block(norm)`), which stores it in a field its `__call__` calls: the gather
over 'j' takes a value the `pmean` made invariant there."""
import jax
from jax.sharding import PartitionSpec as P


class SharedMean:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        m = jax.lax.pmean(x, self.axis)
        return jax.lax.all_gather(m, self.axis, axis=0, to="reduced", tiled=True)  # SF101


class Block:
    def __init__(self, norm):
        self.norm = norm

    def __call__(self, x):
        return self.norm(x)


def main(mesh, x):
    norm = SharedMean("j")
    block = Block(norm)
    return jax.shard_map(block, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
