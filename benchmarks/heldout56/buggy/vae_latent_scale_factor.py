"""Estimate the latent scaling factor (1 / std of encoder latents), as Stable Diffusion's VAE did."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class AutoencoderConfig:
    latent_channels: int = 4
    data_axis: str = "data"
    space_axis: str = "space"


class LatentStatistics:
    def __init__(self, config: AutoencoderConfig):
        self.config = config

    def moments(self, z):
        n = jnp.asarray(z.shape[0] * z.shape[1], jnp.float32)
        s1 = jnp.sum(z, axis=(0, 1))
        s2 = jnp.sum(z * z, axis=(0, 1))
        return jnp.stack([s1, s2, jnp.broadcast_to(n, s1.shape)])

    def per_channel(self, z):
        m = jax.lax.psum(self.moments(z), self.config.space_axis)
        return jax.lax.all_gather(m, self.config.space_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, z):
        m = jax.lax.psum(self.moments(z), (self.config.data_axis, self.config.space_axis))
        mean = m[0] / m[2]
        var = m[1] / m[2] - mean ** 2
        return 1.0 / jnp.sqrt(var), self.per_channel(z)


def inputs():
    rng = np.random.default_rng(20)
    return (rng.normal(0.3, 5.0, size=(4, 8, 4)).astype(np.float32),)


def main(z):
    cfg = AutoencoderConfig()
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.space_axis))
    z = jax.device_put(z, NamedSharding(mesh, P("data", "space", None)))
    stats = LatentStatistics(cfg)
    scale, per_channel = jax.shard_map(stats, mesh=mesh, in_specs=P("data", "space", None),
                                       out_specs=(P(), P("data", None, reduced={"space"})))(z)
    print(scale)
    return scale


if __name__ == "__main__":
    main(*inputs())
