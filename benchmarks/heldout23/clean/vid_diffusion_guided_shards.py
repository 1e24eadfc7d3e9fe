"""One classifier-free-guided denoising step of a video diffusion model (frames over 'time')."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SAMPLER_CONFIG = {"guidance_scale": 7.5, "frame_axis": "time", "token_axis": "space"}


class GuidedSampler:
    def __init__(self, config=SAMPLER_CONFIG):
        self.scale = config["guidance_scale"]
        self.frame_axis = config["frame_axis"]

    def denoise(self, x, cond, w):
        h = jnp.tanh(x @ w + cond)
        return h @ w.T

    def guided_eps(self, x, cond, w):
        eps_u = self.denoise(x, jnp.zeros_like(cond), w)
        eps_c = self.denoise(x, cond, w)
        guided = eps_u + self.scale * (eps_c - eps_u)
        return jax.lax.all_gather(guided, self.frame_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(8)
    x = rng.normal(size=(8, 16, 6)).astype(np.float32)
    cond = rng.normal(size=(12,)).astype(np.float32)
    w = (rng.normal(size=(6, 12)) / 4).astype(np.float32)
    return x, cond, w


def main(x, cond, w):
    mesh = jax.make_mesh((2, 4), ("time", "space"))
    sampler = GuidedSampler()
    x = jax.device_put(x, NamedSharding(mesh, P("time", "space", None)))
    cond, w = (jax.device_put(a, NamedSharding(mesh, P())) for a in (cond, w))
    step = jax.shard_map(sampler.guided_eps, mesh=mesh,
                         in_specs=(P("time", "space", None), P(), P()),
                         out_specs=P(None, "space", None, reduced={"time"}))
    return step(x, cond, w)


if __name__ == "__main__":
    print(main(*inputs()).shape)
