"""Sweep over regularisers: gradient buckets reduce-scattered over ('trial', 'data')."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("trial", "data"))
REDUCE_OVER = ("trial", "data")


def loss(w, x, l2):
    return jnp.mean((x @ w) ** 2) + l2 * jnp.sum(w ** 2)


def grads(w, x, l2):
    g = jax.grad(loss)(w[0], x, l2[0])
    bucket = g.reshape(-1)
    return functools.reduce(
        lambda acc, ax: acc + [ax], REDUCE_OVER, []), bucket


def step(w, x, l2):
    axes, bucket = grads(w, x, l2)
    shard = jax.lax.psum_scatter(bucket, tuple(axes), scatter_dimension=0, tiled=True)
    return shard


def inputs():
    w = jnp.ones((2, 4, 4))
    x = jax.random.normal(jax.random.key(16), (32, 4))
    l2 = jnp.array([0.0, 1e-3])
    return (jax.device_put(w, NamedSharding(mesh, P("trial"))),
            jax.device_put(x, NamedSharding(mesh, P("data"))),
            jax.device_put(l2, NamedSharding(mesh, P("trial"))))


def main(w, x, l2):
    f = jax.shard_map(step, mesh=mesh, in_specs=(P("trial"), P("data"), P("trial")),
                      out_specs=P(("trial", "data")))
    return f(w, x, l2)
