"""One-factor copula credit portfolio: expected loss published through a metric registry."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.stats import norm
from jax.sharding import NamedSharding, PartitionSpec as P

N_OBLIGORS, N_SIMS = 16, 64
METRICS = {}


def metric(name):
    def register(fn):
        METRICS[name] = fn
        return fn
    return register


@dataclasses.dataclass(frozen=True)
class CopulaConfig:
    pd: float = 0.02
    rho: float = 0.15
    lgd: float = 0.45
    axes: tuple = ("sector", "sim")


class CopulaModel:
    def __init__(self, cfg):
        self.cfg = cfg

    def latent(self, systematic, idiosyncratic):
        raise NotImplementedError

    def defaults(self, systematic, idiosyncratic):
        return self.latent(systematic, idiosyncratic) < norm.ppf(self.cfg.pd)


class GaussianCopula(CopulaModel):
    def latent(self, systematic, idiosyncratic):
        rho = self.cfg.rho
        return jnp.sqrt(rho) * systematic[None, :] + jnp.sqrt(1.0 - rho) * idiosyncratic


def publish(value, axis):
    return jax.lax.all_gather(value, axis, to="reduced")


@metric("expected_loss")
def expected_loss(losses, cfg):
    sector, sim = cfg.axes
    portfolio = jax.lax.psum(losses, sector)
    mean = jax.lax.psum(portfolio.sum(), sim) / N_SIMS
    return publish(mean, sim)


def make_body(model, name):
    def body(systematic, idiosyncratic, exposure):
        hit = model.defaults(systematic, idiosyncratic)
        losses = jnp.sum(exposure[:, None] * model.cfg.lgd * hit, axis=0)
        return METRICS[name](losses, model.cfg)
    return body


def inputs():
    rng = np.random.default_rng(10)
    z = rng.standard_normal(N_SIMS).astype(np.float32)
    eps = rng.standard_normal((N_OBLIGORS, N_SIMS)).astype(np.float32)
    ead = rng.uniform(1.0, 5.0, N_OBLIGORS).astype(np.float32)
    return z, eps, ead


def main(z, eps, ead):
    cfg = CopulaConfig()
    sector, sim = cfg.axes
    mesh = jax.make_mesh((2, 4), cfg.axes)
    z = jax.device_put(z, NamedSharding(mesh, P(sim)))
    eps = jax.device_put(eps, NamedSharding(mesh, P(sector, sim)))
    ead = jax.device_put(ead, NamedSharding(mesh, P(sector)))
    body = make_body(GaussianCopula(cfg), "expected_loss")
    el = jax.shard_map(body, mesh=mesh, in_specs=(P(sim), P(sector, sim), P(sector)),
                       out_specs=P(None, reduced={sim}))(z, eps, ead)
    return el


if __name__ == "__main__":
    main(*inputs())
