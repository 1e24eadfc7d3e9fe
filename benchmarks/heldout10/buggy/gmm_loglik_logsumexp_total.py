"""EM for a Gaussian mixture with the components split over one axis and the points over
the other: a distributed logsumexp over components, then the total log-likelihood."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, COMP = "data", "comp"


def inputs():
    rng = np.random.default_rng(31)
    x = rng.normal(size=(32, 2)).astype(np.float32)
    means = rng.normal(size=(8, 2)).astype(np.float32)
    log_w = np.full((8,), -np.log(8.0), np.float32)
    return x, means, log_w


def component_loglik(x, means, log_w):
    d2 = jnp.sum((x[:, None, :] - means[None]) ** 2, -1)
    return log_w[None] - 0.5 * d2 - jnp.log(2 * jnp.pi)


def distributed_logsumexp(ll, axis):
    m = jax.lax.pmax(jnp.max(ll, axis=1), axis)
    return jnp.log(jax.lax.psum(jnp.sum(jnp.exp(ll - m[:, None]), axis=1), axis)) + m


def total_loglik(x, means, log_w):
    per_point = distributed_logsumexp(component_loglik(x, means, log_w), COMP)
    return jax.lax.psum(per_point.sum(), (DATA, COMP))


def main(x, means, log_w):
    mesh = jax.make_mesh((2, 4), (DATA, COMP))
    x = jax.device_put(x, NamedSharding(mesh, P(DATA, None)))
    means = jax.device_put(means, NamedSharding(mesh, P(COMP, None)))
    log_w = jax.device_put(log_w, NamedSharding(mesh, P(COMP)))
    fn = jax.shard_map(total_loglik, mesh=mesh, in_specs=(P(DATA, None), P(COMP, None), P(COMP)),
                       out_specs=P())
    return fn(x, means, log_w)
