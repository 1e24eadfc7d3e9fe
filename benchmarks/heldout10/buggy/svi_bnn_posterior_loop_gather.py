"""Bayesian neural network trained with SVI: mean-field Gaussian posteriors over weights
sharded over (replica, unit); the posterior means are collected one axis at a time."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class SVIConfig:
    axes: tuple = ("replica", "unit")
    n_samples: int = 4
    prior_scale: float = 1.0


def inputs():
    rng = np.random.default_rng(12)
    mu = (rng.normal(size=(8, 8)) * 0.1).astype(np.float32)
    log_sigma = np.full((8, 8), -3.0, np.float32)
    eps = rng.normal(size=(4, 8, 8)).astype(np.float32)
    return mu, log_sigma, eps


def elbo_parts(mu, log_sigma, eps, cfg):
    sigma = jnp.exp(log_sigma)
    w = mu[None] + sigma[None] * eps
    kl = jnp.sum(jnp.log(cfg.prior_scale / sigma) + (sigma ** 2 + mu ** 2) / (2 * cfg.prior_scale ** 2) - 0.5)
    return jnp.mean(w ** 2), kl


def posterior_means(mu, cfg):
    full = mu
    for i in range(len(cfg.axes)):
        full = jax.lax.all_gather(full, cfg.axes[: i + 1], axis=i, tiled=True, to="reduced")
    return full


def main(mu, log_sigma, eps, cfg=SVIConfig()):
    mesh = jax.make_mesh((2, 4), cfg.axes)
    spec = P(*cfg.axes)
    mu = jax.device_put(mu, NamedSharding(mesh, spec))
    log_sigma = jax.device_put(log_sigma, NamedSharding(mesh, spec))
    eps = jax.device_put(eps, NamedSharding(mesh, P(None, *cfg.axes)))

    def step(mu, log_sigma, eps):
        nll, kl = elbo_parts(mu, log_sigma, eps, cfg)
        loss = jax.lax.psum(nll + kl / cfg.n_samples, cfg.axes)
        return loss, posterior_means(mu, cfg)

    fn = jax.shard_map(step, mesh=mesh, in_specs=(spec, spec, P(None, *cfg.axes)),
                       out_specs=(P(), P(None, None, reduced=set(cfg.axes))))
    return fn(mu, log_sigma, eps)
