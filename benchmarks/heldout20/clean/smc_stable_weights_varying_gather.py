"""Systematic resampling: stabilised weights from all log-weights (max shift before exp)."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("pf", "dim"))


def body(logw):
    logw_all = jax.lax.all_gather(logw, "pf", axis=0, tiled=True)
    w = jnp.exp(logw_all - jnp.max(logw_all))
    cdf = jnp.cumsum(w) / jnp.sum(w)
    return jax.lax.psum(jnp.sum(cdf), "pf")


def inputs():
    logw = jax.random.normal(jax.random.key(45), (32,))
    return (jax.device_put(logw, NamedSharding(mesh, P("pf"))),)


def main(logw):
    return jax.shard_map(body, mesh=mesh, in_specs=P("pf"), out_specs=P())(logw)
