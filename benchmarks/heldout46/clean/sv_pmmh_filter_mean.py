"""Particle marginal Metropolis-Hastings: the likelihood estimate averaged over filter replicas."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_FILTERS, N_PARTICLES, N_TIME = 4, 32, 6
AXES = FILTER, PARTICLE = ("filter", "particle")


def incremental_loglik(logw):
    m = jax.lax.pmax(logw.max(axis=1), PARTICLE)
    s = jax.lax.psum(jnp.exp(logw - m[:, None]).sum(axis=1), PARTICLE)
    return m + jnp.log(s / N_PARTICLES)


def sv_step(x, inputs_t, *, phi, sigma):
    eta_t, y_t = inputs_t
    x = phi * x + sigma * eta_t
    logw = -0.5 * (x + y_t * y_t * jnp.exp(-x))
    return x, incremental_loglik(logw)


def estimate(x0, eta, y, phi=0.9, sigma=0.3):
    step = functools.partial(sv_step, phi=phi, sigma=sigma)
    _, increments = jax.lax.scan(step, x0, (jnp.moveaxis(eta, -1, 0), y))
    loglik = increments.sum(axis=0)
    return jax.lax.pmean(loglik, FILTER)


def inputs():
    rng = np.random.default_rng(54)
    return (rng.normal(0.0, 0.5, (N_FILTERS, N_PARTICLES)).astype(np.float32),
            rng.standard_normal((N_FILTERS, N_PARTICLES, N_TIME)).astype(np.float32),
            (rng.standard_normal(N_TIME) * 0.5).astype(np.float32))


def main(x0, eta, y):
    mesh = jax.make_mesh((2, 4), AXES)
    specs = (P(FILTER, PARTICLE), P(FILTER, PARTICLE, None), P())
    x0, eta, y = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((x0, eta, y), specs))
    ll = jax.shard_map(estimate, mesh=mesh, in_specs=specs, out_specs=P())(x0, eta, y)
    return ll


if __name__ == "__main__":
    main(*inputs())
