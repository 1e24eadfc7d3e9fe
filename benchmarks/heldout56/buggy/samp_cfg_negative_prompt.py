"""Classifier-free guidance with a negative-prompt embedding broadcast to every channel shard."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GuidedDenoiser:
    chan_axis = "chan"

    def __init__(self, guidance_scale=7.5):
        self.scale = guidance_scale

    def negative_context(self, neg_emb):
        return jax.lax.all_gather(neg_emb, self.chan_axis, axis=1, tiled=True, to="reduced")

    def denoise(self, latents, cond_emb, neg_emb):
        neg = self.negative_context(neg_emb)
        neg_local = jax.lax.psum_scatter(neg, self.chan_axis, scatter_dimension=1, tiled=True)
        eps_uncond = latents * neg_local
        eps_cond = latents * cond_emb
        return eps_uncond + self.scale * (eps_cond - eps_uncond)


def sample(denoiser, latents, cond_emb, neg_emb, num_steps=3):
    for _ in range(num_steps):
        eps = denoiser.denoise(latents, cond_emb, neg_emb)
        latents = latents - 0.1 * eps
    return latents


def inputs():
    rng = np.random.default_rng(10)
    return tuple(rng.standard_normal((4, 16), dtype=np.float32) for _ in range(3))


def main(latents, cond_emb, neg_emb):
    mesh = jax.make_mesh((2, 4), ("batch", "chan"))
    spec = P("batch", "chan")
    latents, cond_emb, neg_emb = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (latents, cond_emb, neg_emb))
    body = functools.partial(sample, GuidedDenoiser(guidance_scale=5.0))
    out = jax.shard_map(body, mesh=mesh, in_specs=(spec,) * 3, out_specs=spec)(latents, cond_emb, neg_emb)
    print(out)
    return out


if __name__ == "__main__":
    main(*inputs())
