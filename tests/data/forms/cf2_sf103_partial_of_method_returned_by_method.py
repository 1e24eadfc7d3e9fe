"""`shard_map(stats.body(), ...)` where the method returns `functools.partial(self.rows, axis=self.axis)`:
the bound method runs on the object with the axis its constructor stored, and a psum of the
reduced gather fails."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Stats:
    def __init__(self, axis="j"):
        self.axis = axis

    def rows(self, table, axis):
        full = jax.lax.all_gather(table, axis, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(jnp.sum(full, axis=1), axis)  # SF103

    def body(self):
        return functools.partial(self.rows, axis=self.axis)


def main(mesh, x):
    stats = Stats()
    return jax.shard_map(stats.body(), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
