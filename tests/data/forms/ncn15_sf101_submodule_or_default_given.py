"""Near miss of cn15: the block is given a summing sub-module, so `norm or SharedMean(axis)`
keeps it and never builds the gathering one."""
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
    def __init__(self, axis, norm=None):
        self.norm = norm or SharedMean(axis)

    def __call__(self, x):
        return self.norm(x)


def main(mesh, x):
    block = Block("j", norm=Sum("j"))
    return jax.shard_map(block, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
