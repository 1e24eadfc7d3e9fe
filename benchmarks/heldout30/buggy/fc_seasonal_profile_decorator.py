"""Seasonal profile of every series, damped before it is subtracted; metrics wrapped by a decorator."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DAMPING = 0.7


def sharded(mesh, in_specs, out_specs):
    def wrap(fn):
        @functools.wraps(fn)
        def call(*args):
            placed = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip(args, in_specs)]
            return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)(*placed)
        return call
    return wrap


def build(mesh):
    @sharded(mesh, (P("series", "season"),), P())
    def seasonal_strength(cycles):
        profile = jax.lax.all_gather(cycles.mean(axis=0), "season", tiled=True, to="reduced")
        damped = DAMPING * profile
        return jax.lax.pmax(jnp.abs(damped).max(), ("series", "season"))
    return seasonal_strength


def inputs():
    rng = np.random.default_rng(13)
    return (rng.standard_normal((16, 8)).astype(np.float32),)


def main(cycles):
    mesh = jax.make_mesh((2, 4), ("series", "season"))
    return build(mesh)(cycles)


if __name__ == "__main__":
    print(main(*inputs()))
