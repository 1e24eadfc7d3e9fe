"""Importance-weighted bound of a local-latent Gaussian model; particles and data sharded."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_PARTICLES, N_DATA = 8, 32


@dataclasses.dataclass(frozen=True)
class IWAEConfig:
    n_particles: int = N_PARTICLES
    axes: tuple = ("particle", "batch")


class MeanFieldGuide:
    def __init__(self, loc, log_scale):
        self.loc, self.log_scale = loc, log_scale

    def sample(self, eps):
        return self.loc[None, :] + jnp.exp(self.log_scale)[None, :] * eps

    def log_prob(self, z):
        u = (z - self.loc[None, :]) / jnp.exp(self.log_scale)[None, :]
        return -0.5 * u * u - self.log_scale[None, :] - 0.5 * jnp.log(2 * jnp.pi)


def log_joint(z, x):
    return -0.5 * (x[None, :] - z) ** 2 - 0.5 * z * z - jnp.log(2 * jnp.pi)


def make_bound(cfg):
    particle, batch = cfg.axes

    def share(value):
        return jax.lax.all_gather(value, particle, to="invarying")

    def bound(eps, x, loc, log_scale):
        guide = MeanFieldGuide(loc, log_scale)
        z = guide.sample(eps)
        logw = log_joint(z, x) - guide.log_prob(z)
        m = jax.lax.pmax(logw.max(axis=0), particle)
        total = jax.lax.psum(jnp.exp(logw - m[None, :]).sum(axis=0), particle)
        per_point = m + jnp.log(total / cfg.n_particles)
        return jax.lax.psum(per_point.sum(), batch), share(m)
    return bound


def inputs():
    rng = np.random.default_rng(40)
    eps = rng.standard_normal((N_PARTICLES, N_DATA)).astype(np.float32)
    x = rng.normal(0.5, 1.2, N_DATA).astype(np.float32)
    return eps, x, np.zeros(N_DATA, np.float32), np.full(N_DATA, -0.5, np.float32)


def main(eps, x, loc, log_scale):
    cfg = IWAEConfig()
    particle, batch = cfg.axes
    mesh = jax.make_mesh((2, 4), cfg.axes)
    specs = (P(particle, batch), P(batch), P(batch), P(batch))
    args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((eps, x, loc, log_scale), specs)]
    elbo, stabilisers = jax.shard_map(make_bound(cfg), mesh=mesh, in_specs=specs,
                                      out_specs=(P(), P(None, batch)))(*args)
    return elbo, stabilisers


if __name__ == "__main__":
    main(*inputs())
