"""Shallow-water model on a lat-lon grid: zonal-mean layer depth for the diagnostics stream."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {
    "grid": {"nlat": 16, "nlon": 32, "meridional_axis": "lat", "zonal_axis": "lon"},
    "diagnostics": {"zonal_mean": True, "every": 6},
}


def zonal_mean(h, grid):
    nlon = grid["nlon"]
    return jax.lax.psum(h.sum(axis=1), grid["zonal_axis"]) / nlon


def diagnostics(h, grid=CONFIG["grid"]):
    hbar = zonal_mean(h, grid)
    stream = jax.lax.all_gather(hbar, grid["meridional_axis"], to="reduced", tiled=True)
    return stream


def main(h):
    grid = CONFIG["grid"]
    axes = (grid["meridional_axis"], grid["zonal_axis"])
    mesh = jax.make_mesh((2, 4), axes)
    h = jax.device_put(h, NamedSharding(mesh, P(*axes)))
    f = jax.shard_map(diagnostics, mesh=mesh, in_specs=P(*axes),
                      out_specs=P(None, reduced={axes[0]}))
    return jax.jit(f)(h)


def inputs():
    lat = np.linspace(-1.4, 1.4, 16, dtype=np.float32)
    return (1000.0 + 10.0 * np.cos(lat)[:, None] * np.ones((16, 32), np.float32),)
