"""Decode latent videos: the VAE decoder runs unsharded, so the latents are gathered first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LATENT_SPEC = P("clip", "frame", None)
DECODER_SPEC = P(None, None, None, reduced={"clip", "frame"})


def vae_decode(z):
    return jnp.tanh(z) * 0.5 + 0.5


def decode(latents):
    full = jax.reshard(latents, P(None, None, None))
    return vae_decode(full)


def inputs():
    rng = np.random.default_rng(19)
    return (rng.normal(size=(4, 16, 8)).astype(np.float32),)


def main(latents):
    mesh = jax.make_mesh((2, 4), ("clip", "frame"))
    latents = jax.device_put(latents, NamedSharding(mesh, LATENT_SPEC))
    with jax.set_mesh(mesh):
        return decode(latents)


if __name__ == "__main__":
    print(main(*inputs()))
