"""Log joint of a Bayesian neural net averaged over the mesh for monitoring; axes from the env."""
import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MONITOR_AXES = tuple(os.environ.get("HMC_MONITOR_AXES", "chain,data").split(","))
mesh = jax.make_mesh((2, 4), ("chain", "data"))


def log_prior(w):
    return -0.5 * jnp.sum(w * w)


def log_joint(w, x, y):
    pred = jnp.tanh(x @ w)
    loglik = jax.lax.psum(-0.5 * jnp.sum((pred[:, 0] - y) ** 2), "data")
    lj = log_prior(w) + loglik
    return lj[None], jax.lax.pmean(lj, MONITOR_AXES)


def inputs():
    x = jnp.linspace(-1, 1, 32 * 4).reshape(32, 4)
    w = jnp.stack([jnp.full((4, 1), 0.1), jnp.full((4, 1), -0.2)])
    return (jax.device_put(w, NamedSharding(mesh, P("chain"))),
            jax.device_put(x, NamedSharding(mesh, P("data"))),
            jax.device_put(jnp.sin(x[:, 0]), NamedSharding(mesh, P("data"))))


def main(w, x, y):
    f = jax.shard_map(lambda w, x, y: log_joint(w[0], x, y), mesh=mesh,
                      in_specs=(P("chain"), P("data"), P("data")), out_specs=(P("chain"), P()))
    return f(w, x, y)
