"""Sampler CLI: gathers the final latents of a sampling run for a preview grid."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def build_parser():
    p = argparse.ArgumentParser(description="sample and preview")
    p.add_argument("--steps", type=int, default=4)
    p.add_argument("--latent-layout", default="batch,chan")
    p.add_argument("--preview-axis", default="chan")
    return p


def latent_spec(args):
    return P(tuple(args.latent_layout.split(",")), None)


def preview_spec(args):
    gathered = set(args.latent_layout.split(",")) - {args.preview_axis}
    return P(args.preview_axis, None, reduced=gathered)


def euler_steps(x, steps):
    sigmas = jnp.linspace(1.0, 0.0, steps + 1)
    for i in range(steps):
        x = x + (sigmas[i + 1] - sigmas[i]) * (x / jnp.maximum(sigmas[i], 1e-3))
    return x


def inputs():
    return (np.random.default_rng(11).standard_normal((16, 8), dtype=np.float32),)


def main(noise):
    args = build_parser().parse_args([])
    mesh = jax.make_mesh((2, 4), ("batch", "chan"))
    with jax.set_mesh(mesh):
        x = jax.device_put(noise, NamedSharding(mesh, latent_spec(args)))
        x = jax.jit(euler_steps, static_argnums=1)(x, args.steps)
        grid = top_level_all_gather(x, preview_spec(args))
    print(grid.sharding)
    return grid


if __name__ == "__main__":
    main(*inputs())
