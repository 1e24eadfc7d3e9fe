"""EM for a Gaussian mixture: after the distributed logsumexp over the components, the
per-point log-likelihoods are totalled over the data axis only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, COMP = "data", "comp"


def distributed_logsumexp(ll, axis):
    m = jax.lax.pmax(jnp.max(ll, axis=1), axis)
    return jnp.log(jax.lax.psum(jnp.sum(jnp.exp(ll - m[:, None]), axis=1), axis)) + m


def total_loglik(x, means):
    ll = -0.5 * jnp.sum((x[:, None, :] - means[None]) ** 2, -1)
    per_point = distributed_logsumexp(ll, COMP)
    return jax.lax.psum(per_point.sum(), DATA)


def inputs():
    rng = np.random.default_rng(112)
    return rng.normal(size=(32, 2)).astype(np.float32), rng.normal(size=(8, 2)).astype(np.float32)


def main(x, means):
    mesh = jax.make_mesh((2, 4), (DATA, COMP))
    x = jax.device_put(x, NamedSharding(mesh, P(DATA, None)))
    means = jax.device_put(means, NamedSharding(mesh, P(COMP, None)))
    return jax.shard_map(total_loglik, mesh=mesh, in_specs=(P(DATA, None), P(COMP, None)),
                         out_specs=P())(x, means)
