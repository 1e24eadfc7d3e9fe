"""VAE reconstruction + KL objective, averaged with the collective named in the loss config."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class LossConfig:
    kl_weight: float = 1e-6
    pixel_axis: str = "space"
    mean_axes: tuple = ("data", "space")


def reconstruction(x, x_rec, cfg):
    return jax.lax.psum(jnp.abs(x - x_rec).sum(axis=(1, 2)), cfg.pixel_axis)


def kl_term(mean, logvar):
    return 0.5 * jnp.sum(mean ** 2 + jnp.exp(logvar) - 1.0 - logvar, axis=(1, 2))


def vae_loss(x, x_rec, mean, logvar, cfg=LossConfig()):
    rec = reconstruction(x, x_rec, cfg)
    kl = jax.lax.psum(kl_term(mean, logvar), cfg.pixel_axis)
    total = rec + cfg.kl_weight * kl
    return jax.lax.pmean(total.mean(), cfg.mean_axes)


def inputs():
    rng = np.random.default_rng(24)
    return tuple(rng.standard_normal((4, 8, 4), dtype=np.float32) for _ in range(4))


def main(x, x_rec, mean, logvar):
    mesh = jax.make_mesh((2, 4), ("data", "space"))
    spec = P("data", "space", None)
    args = [jax.device_put(a, NamedSharding(mesh, spec)) for a in (x, x_rec, mean, logvar)]
    loss = jax.shard_map(vae_loss, mesh=mesh, in_specs=(spec,) * 4, out_specs=P())(*args)
    print(loss)
    return loss


if __name__ == "__main__":
    main(*inputs())
