"""Coriolis tendency of the zonal wind, computed on the gathered meridional profile."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OMEGA = 7.292e-5
NLAT = 16


def coriolis(omega):
    lat = jnp.linspace(-jnp.pi / 2, jnp.pi / 2, NLAT)
    return 2.0 * omega * jnp.sin(lat)


def tendency(v, *, omega, lat_axis):
    v_zonal = jax.lax.pmean(v.mean(axis=1), "lon")
    profile = jax.lax.all_gather(v_zonal, lat_axis, to="invarying", tiled=True)
    du = coriolis(omega) * profile
    return du


def main(v):
    mesh = jax.make_mesh((2, 4), ("lat", "lon"))
    v = jax.device_put(v, NamedSharding(mesh, P("lat", "lon")))
    body = functools.partial(tendency, omega=OMEGA, lat_axis="lat")
    f = jax.shard_map(body, mesh=mesh, in_specs=P("lat", "lon"),
                      out_specs=P(None))
    return jax.jit(f)(v)


def inputs():
    rng = np.random.default_rng(25)
    return (rng.standard_normal((16, 32)).astype(np.float32),)
