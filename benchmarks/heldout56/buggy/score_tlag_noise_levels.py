"""Dump the noise-level grid of a Karras sampler schedule for the sample viewer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

VIEWER_SPEC = P(None, None, reduced={"batch", "pixel"})


def karras_sigmas(n, sigma_min=0.002, sigma_max=80.0, rho=7.0):
    ramp = np.linspace(0, 1, n, dtype=np.float32)
    min_inv, max_inv = sigma_min ** (1 / rho), sigma_max ** (1 / rho)
    return ((max_inv + ramp * (min_inv - max_inv)) ** rho).astype(np.float32)


def dump_noise_levels(noised):
    return top_level_all_gather(noised, VIEWER_SPEC)


def inputs():
    rng = np.random.default_rng(5)
    x0 = rng.standard_normal((8, 16), dtype=np.float32)
    return x0, karras_sigmas(8)


def main(x0, sigmas):
    mesh = jax.make_mesh((4, 2), ("batch", "pixel"))
    with jax.set_mesh(mesh):
        x0 = jax.device_put(x0, NamedSharding(mesh, P("batch", None)))
        noise = jax.random.normal(jax.random.key(0), x0.shape, out_sharding=P("batch", None))
        noised = x0 + jnp.asarray(sigmas)[:, None] * noise
        noised = jax.reshard(noised, P(("batch", "pixel"), None))
    grid = dump_noise_levels(noised)
    print(grid.shape)
    return grid


if __name__ == "__main__":
    main(*inputs())
