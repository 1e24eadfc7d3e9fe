"""Sequence-parallel transformer block: activations are split along the sequence; the
attention path gathers the full sequence and normalises it before the projections."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SP = "sp"


def _layer_norm(x, eps=1e-6):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mu) ** 2, axis=-1, keepdims=True)
    return (x - mu) * jax.lax.rsqrt(var + eps)


def _dropout(x, key, rate=0.1):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


def block(x, wq, key):
    key = jax.random.fold_in(key[0], jax.lax.axis_index(SP))
    x = _dropout(x, key)
    full_seq = jax.lax.all_gather(x, SP, axis=0, tiled=True, to="reduced")
    q = _layer_norm(full_seq) @ wq
    return q


def inputs():
    rng = np.random.default_rng(33)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    wq = (rng.normal(size=(8, 8)) * 0.3).astype(np.float32)
    key = np.asarray(jax.random.key_data(jax.random.key(0)))[None]
    return x, wq, key


def main(x, wq, key):
    mesh = jax.make_mesh((8,), (SP,))
    x = jax.device_put(x, NamedSharding(mesh, P(SP, None)))
    wq = jax.device_put(wq, NamedSharding(mesh, P()))
    key = jax.device_put(jax.random.wrap_key_data(key), NamedSharding(mesh, P()))
    fn = jax.shard_map(block, mesh=mesh, in_specs=(P(SP, None), P(), P()),
                       out_specs=P(None, None, reduced={SP}))
    return fn(x, wq, key)
