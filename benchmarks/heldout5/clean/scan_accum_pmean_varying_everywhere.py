"""Gradient accumulation with scan on a 2-D mesh; the per-shard loss varies on both axes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "seq")


def step(w, xs):
    def body(acc, xb):
        return acc + jnp.mean(jnp.tanh(xb @ w)), None

    total, _ = jax.lax.scan(body, jnp.zeros_like(xs[0, 0, 0, 0]), xs)
    return jax.lax.pmean(total, AXES)


def inputs():
    mesh = jax.make_mesh((2, 4), AXES)
    w = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P()))
    xs = jax.device_put(jax.random.normal(jax.random.key(5), (3, 8, 8, 8)), NamedSharding(mesh, P(None, "data", "seq")))
    return mesh, w, xs


def main(mesh, w, xs):
    f = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(None, "data", "seq")), out_specs=P())
    return f(w, xs)
