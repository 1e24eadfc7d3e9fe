"""Shallow-water ocean model on a (lat, lon) block decomposition; zonal-mean SST history."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class GridSpec:
    lat_axis: str = "lat"
    lon_axis: str = "lon"
    dt: float = 0.1
    kappa: float = 0.05

    @property
    def axes(self):
        return (self.lat_axis, self.lon_axis)


GRID = GridSpec()
mesh = jax.make_mesh((2, 4), GRID.axes)


def diffuse(sst, grid):
    lap = jnp.roll(sst, 1, 0) + jnp.roll(sst, -1, 0) + jnp.roll(sst, 1, 1) + jnp.roll(sst, -1, 1) - 4 * sst
    return sst + grid.dt * grid.kappa * lap


def run(sst, grid=GRID, n_steps=5):
    sst = jax.lax.fori_loop(0, n_steps, lambda i, s: diffuse(s, grid), sst)
    zonal = jax.lax.psum(jnp.sum(sst, axis=1), grid.lon_axis) / (sst.shape[1] * 4)
    history = jax.lax.all_gather(zonal, grid.lon_axis, to="reduced")
    return sst, history


def inputs():
    sst = 20.0 + jnp.sin(jnp.arange(16 * 32, dtype=jnp.float32)).reshape(16, 32)
    return (jax.device_put(sst, NamedSharding(mesh, P(*GRID.axes))),)


def main(sst):
    f = jax.shard_map(run, mesh=mesh, in_specs=P(*GRID.axes),
                      out_specs=(P(*GRID.axes), P(None, GRID.lat_axis, reduced={GRID.lon_axis})))
    return f(sst)
