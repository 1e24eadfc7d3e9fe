"""Departure of the retrieved state from the climatological prior, in prior standard deviations."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Climatology:
    def __init__(self, mean, std):
        self.mean = mean
        self.std = std


def departure(x, xa, sa_std, *, level_axis):
    profile = jax.lax.all_gather(x, level_axis, axis=1, tiled=True, to="invarying")
    z = (profile - xa) / sa_std
    return jnp.abs(z).max(axis=1)


def inputs():
    rng = np.random.default_rng(55)
    x = rng.normal(250.0, 10.0, size=(16, 8)).astype(np.float32)
    clim = Climatology(np.full((16, 8), 250.0, np.float32), np.full((16, 8), 8.0, np.float32))
    return x, clim


def main(x, clim):
    mesh = jax.make_mesh((4, 2), ("pixel", "level"))
    x = jax.device_put(x, NamedSharding(mesh, P("pixel", "level")))
    xa = jax.device_put(clim.mean, NamedSharding(mesh, P("pixel", None)))
    sd = jax.device_put(clim.std, NamedSharding(mesh, P("pixel", None)))
    body = functools.partial(departure, level_axis="level")
    fn = jax.shard_map(body, mesh=mesh, in_specs=(P("pixel", "level"), P("pixel", None), P("pixel", None)),
                       out_specs=P("pixel"))
    return fn(x, xa, sd)


if __name__ == "__main__":
    main(*inputs())
