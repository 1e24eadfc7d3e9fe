"""The partial stored on the object sums over 'i' only: the value varies there (it was summed
over 'j' before), so the sum is legal; summed over both axes it would not be."""
import functools

import jax
from jax.sharding import PartitionSpec as P


class Sync:
    def __init__(self, axis="i"):
        self.sync = functools.partial(jax.lax.psum, axis_name=axis)

    def body(self, x):
        local = jax.lax.psum(x, "j")
        return self.sync(local)


def run(mesh, x):
    return jax.shard_map(Sync().body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
