"""Sample-grid export: a jitted sampler lays images out by a layout table; the grid writer gathers rows."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout:
    LATENTS = P(("batch", "tensor"), None)
    IMAGES = P(("batch", "tensor"), None)
    GRID_ROWS = P("tensor", None, reduced={"batch"})


def build_sampler(mesh, steps=3):
    @jax.jit
    def decode(latents):
        x = latents
        for k in range(steps):
            x = x - 0.1 * (k + 1) * jnp.tanh(x)
        return jnp.clip(x, -1.0, 1.0)

    return jax.jit(decode, out_shardings=NamedSharding(mesh, Layout.IMAGES))


def write_grid(images):
    return top_level_all_gather(images, Layout.GRID_ROWS)


def inputs():
    return (np.random.default_rng(31).normal(size=(16, 12)).astype(np.float32),)


def main(latents):
    mesh = jax.make_mesh((4, 2), ("batch", "tensor"))
    latents = jax.device_put(latents, NamedSharding(mesh, Layout.LATENTS))
    sampler = build_sampler(mesh)
    with jax.set_mesh(mesh):
        images = sampler(latents)
        return write_grid(images)


if __name__ == "__main__":
    print(main(*inputs()))
