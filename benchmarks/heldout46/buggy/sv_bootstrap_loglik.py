"""Island bootstrap particle filter for a stochastic-volatility model: several filters in parallel."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_FILTERS, N_PARTICLES, N_TIME = 4, 32, 8


@dataclasses.dataclass(frozen=True)
class SVParams:
    mu: float = -1.0
    phi: float = 0.95
    sigma: float = 0.25


class ParticleFilter:
    def __init__(self, params, axes=("filter", "particle")):
        self.params = params
        self.filter_axis, self.particle_axis = axes

    def propagate(self, x, eta):
        p = self.params
        return p.mu + p.phi * (x - p.mu) + p.sigma * eta

    def log_obs(self, y_t, x):
        return -0.5 * (jnp.log(2 * jnp.pi) + x + y_t * y_t * jnp.exp(-x))


class BootstrapFilter(ParticleFilter):
    def log_normaliser(self, logw):
        m = jax.lax.pmax(logw.max(axis=1), self.particle_axis)
        s = jax.lax.psum(jnp.exp(logw - m[:, None]).sum(axis=1), self.particle_axis)
        return m + jnp.log(s / N_PARTICLES)

    def resample_local(self, x, logw, u):
        w = jnp.exp(logw - logw.max(axis=1, keepdims=True))
        cdf = jnp.cumsum(w / w.sum(axis=1, keepdims=True), axis=1)
        idx = jnp.sum(cdf[:, None, :] < u[:, :, None], axis=-1)
        return jnp.take_along_axis(x, jnp.minimum(idx, x.shape[1] - 1), axis=1)

    def run(self, x, eta, u, y):
        loglik = jnp.zeros(x.shape[0])
        for t in range(N_TIME):
            x = self.propagate(x, eta[..., t])
            logw = self.log_obs(y[t], x)
            loglik = loglik + self.log_normaliser(logw)
            x = self.resample_local(x, logw, u[..., t])
        return loglik


def filter_body(x0, eta, u, y):
    pf = BootstrapFilter(SVParams())
    loglik = pf.run(x0, eta, u, y)
    return jax.lax.all_gather(loglik, pf.particle_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(50)
    y = (rng.standard_normal(N_TIME) * 0.6).astype(np.float32)
    x0 = rng.normal(-1.0, 0.5, (N_FILTERS, N_PARTICLES)).astype(np.float32)
    eta = rng.standard_normal((N_FILTERS, N_PARTICLES, N_TIME)).astype(np.float32)
    u = np.sort(rng.uniform(size=(N_FILTERS, N_PARTICLES, N_TIME)), axis=1).astype(np.float32)
    return x0, eta, u, y


def main(x0, eta, u, y):
    mesh = jax.make_mesh((2, 4), ("filter", "particle"))
    specs = (P("filter", "particle"), P("filter", "particle", None), P("filter", "particle", None), P())
    args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((x0, eta, u, y), specs)]
    logliks = jax.shard_map(filter_body, mesh=mesh, in_specs=specs,
                            out_specs=P(None, "filter", reduced={"particle"}))(*args)
    return logliks


if __name__ == "__main__":
    main(*inputs())
