"""A class attribute `staticmethod(lambda ...)` called through `self`: it gathers to reduced, and
the caller then sums the reduced value again."""
import jax
from jax.sharding import PartitionSpec as P


class Pool:
    gather = staticmethod(lambda v: jax.lax.all_gather(v, "j", axis=1, tiled=True, to="reduced"))

    def total(self, x):
        full = self.gather(x)
        return jax.lax.psum(full, "j")  # SF103


def run(mesh, x):
    return jax.shard_map(Pool().total, mesh=mesh, in_specs=P(None, "j"), out_specs=P())(x)
