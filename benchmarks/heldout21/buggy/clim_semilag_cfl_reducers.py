"""Semi-Lagrangian departure points with a CFL guard, reducers picked by the namelist."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DIAG = {"cfl_reduce": "max", "budget_reduce": "sum"}
LAT, LON = "lat", "lon"
DT, DX = 600.0, 1.0e5

REDUCERS = {
    "max": jax.lax.pmax,
    "min": jax.lax.pmin,
    "sum": jax.lax.psum,
}


def zonal_ring(u):
    return jax.lax.all_gather(u, LON, axis=1, tiled=True, to="reduced")


def departure_guard(u):
    ring = zonal_ring(u)
    speed = jnp.abs(ring)
    peak = REDUCERS[DIAG["cfl_reduce"]](speed, LON)
    courant = jnp.max(peak) * DT / DX
    return REDUCERS["max"](courant, LAT)


def inputs():
    rng = np.random.default_rng(21)
    return ((40.0 * rng.standard_normal((8, 16))).astype(np.float32),)


def main(u):
    mesh = jax.make_mesh((2, 4), (LAT, LON))
    u = jax.device_put(u, NamedSharding(mesh, P(LAT, LON)))
    guard = jax.shard_map(departure_guard, mesh=mesh, in_specs=P(LAT, LON), out_specs=P())
    return guard(u)


if __name__ == "__main__":
    print(main(*inputs()))
