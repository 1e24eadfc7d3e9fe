"""ADVI: a Monte Carlo ELBO averaged over particle and batch shards by an SVI object."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_PARTICLES, N_DATA = 8, 64


@dataclasses.dataclass
class SVIConfig:
    axes: tuple = ("particle", "batch")
    n_data: int = N_DATA
    prior_scale: float = 2.0


class NormalLocationModel:
    def __init__(self, cfg):
        self.cfg = cfg

    def log_lik(self, z, x):
        return -0.5 * jnp.sum((x[None, :] - z[:, None]) ** 2, axis=1)

    def log_prior(self, z):
        return -0.5 * (z / self.cfg.prior_scale) ** 2


class SVI:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg

    def elbo_terms(self, eps, x, loc, log_scale):
        _, batch = self.cfg.axes
        z = loc + jnp.exp(log_scale) * eps
        lik = jax.lax.psum(self.model.log_lik(z, x), batch)
        return lik + self.model.log_prior(z) + log_scale

    def loss(self, eps, x, loc, log_scale):
        elbo = self.elbo_terms(eps, x, loc, log_scale)
        return -jax.lax.pmean(elbo.mean(), self.cfg.axes)


def inputs():
    rng = np.random.default_rng(44)
    return (rng.standard_normal(N_PARTICLES).astype(np.float32),
            rng.normal(1.5, 1.0, N_DATA).astype(np.float32), np.float32(0.0), np.float32(-1.0))


def main(eps, x, loc, log_scale):
    cfg = SVIConfig()
    mesh = jax.make_mesh((2, 4), cfg.axes)
    particle, batch = cfg.axes
    eps = jax.device_put(eps, NamedSharding(mesh, P(particle)))
    x = jax.device_put(x, NamedSharding(mesh, P(batch)))
    loc = jax.device_put(loc, NamedSharding(mesh, P()))
    log_scale = jax.device_put(log_scale, NamedSharding(mesh, P()))
    svi = SVI(NormalLocationModel(cfg), cfg)
    loss = jax.shard_map(svi.loss, mesh=mesh, in_specs=(P(particle), P(batch), P(), P()),
                         out_specs=P())(eps, x, loc, log_scale)
    return loss


if __name__ == "__main__":
    main(*inputs())
