import functools

import jax
from jax.sharding import PartitionSpec as P


def sharded(mesh, in_specs, out_specs):
    def wrap(fn):
        @functools.wraps(fn)
        def call(*args):
            return jax.shard_map(fn, mesh=mesh, in_specs=(P("i", "j"),), out_specs=out_specs)(*args)
        return call
    return wrap


def build(mesh):
    @sharded(mesh, (P(),), P("i", None, reduced={"j"}))
    def profile(cycles):
        return jax.lax.all_gather(cycles, "j", axis=1, tiled=True, to="reduced")  # none
    return profile


def main(mesh, x):
    return build(mesh)(x)
