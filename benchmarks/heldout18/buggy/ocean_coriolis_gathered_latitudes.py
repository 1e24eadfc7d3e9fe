"""Coriolis term of a beta-plane ocean model; latitudes gathered from the 'lat' shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

OMEGA = 7.292e-5
mesh = jax.make_mesh((4, 2), ("lat", "lon"))


def coriolis_parameter(lat_local):
    lat_all = jax.lax.all_gather(lat_local, "lat", tiled=True, to="reduced")
    f = 2 * OMEGA * jnp.sin(jnp.deg2rad(lat_all))
    idx = jax.lax.axis_index("lat")
    return jax.lax.dynamic_slice_in_dim(f, idx * lat_local.shape[0], lat_local.shape[0])


def tendency(u, v, lat_local):
    f = coriolis_parameter(lat_local)[:, None]
    return f * v, -f * u


def inputs():
    lat = jnp.linspace(-60.0, 60.0, 16)
    u = jnp.ones((16, 8))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    return put(u, P("lat", "lon")), put(u * 0.3, P("lat", "lon")), put(lat, P("lat"))


def main(u, v, lat):
    return jax.shard_map(tendency, mesh=mesh, in_specs=(P("lat", "lon"), P("lat", "lon"), P("lat")),
                         out_specs=(P("lat", "lon"), P("lat", "lon")))(u, v, lat)
