"""Effective sample size from all normalised weights, computed before systematic resampling."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("pf", "dim"))
PF = "pf"


def all_weights(w):
    return jax.lax.all_gather(w, PF, axis=0, tiled=True, to="invarying")


def effective_sample_size(w):
    w_all = all_weights(w)
    den = jnp.sum(w_all * w_all)
    return 1.0 / den


def body(w):
    return effective_sample_size(w)


def inputs():
    w = jax.nn.softmax(jax.random.normal(jax.random.key(42), (32,)))
    return (jax.device_put(w, NamedSharding(mesh, P(PF))),)


def main(w):
    return jax.shard_map(body, mesh=mesh, in_specs=P(PF), out_specs=P())(w)
