"""Sequence-parallel block: each shard normalises its own tokens, then the normalised
sequence is gathered (reduced) and kept as the block output."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SP = "sp"


def _layer_norm(x, eps=1e-6):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mu) ** 2, axis=-1, keepdims=True)
    return (x - mu) * jax.lax.rsqrt(var + eps)


def block(x):
    normed = _layer_norm(x)
    full_seq = jax.lax.all_gather(normed, SP, axis=0, tiled=True, to="reduced")
    return jnp.tanh(full_seq).astype(jnp.float32)


def inputs():
    return (np.random.default_rng(113).normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((8,), (SP,))
    x = jax.device_put(x, NamedSharding(mesh, P(SP, None)))
    return jax.shard_map(block, mesh=mesh, in_specs=P(SP, None),
                         out_specs=P(None, None, reduced={SP}))(x)
