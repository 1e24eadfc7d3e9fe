"""Weather model: a shard_map diffusion step on a lat-lon grid, its output gathered for a plot."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = P("lat", "lon")
PLOT = {"bands": P("lat", reduced={"lon"}), "zonal": P("lat", None)}


def smooth(u):
    return 0.5 * u + 0.25 * (jnp.roll(u, 1, axis=1) + jnp.roll(u, -1, axis=1))


def inputs():
    return (np.random.default_rng(24).normal(size=(8, 16)).astype(np.float32),)


def main(u):
    mesh = jax.make_mesh((2, 4), ("lat", "lon"))
    u = jax.device_put(u, NamedSharding(mesh, GRID))
    step = jax.shard_map(smooth, in_specs=GRID, out_specs=GRID)
    with jax.set_mesh(mesh):
        for _ in range(3):
            u = step(u)
        zonal = top_level_all_gather(u, PLOT["zonal"])
    return zonal.mean(axis=1)


if __name__ == "__main__":
    print(main(*inputs()))
