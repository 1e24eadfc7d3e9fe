"""Speculative decoding: target logits gathered over the vocab shards, then turned into probs."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

VOCAB_AXIS = "vocab"


def target_probs(logits):
    full = jax.lax.all_gather(logits, VOCAB_AXIS, axis=-1, tiled=True, to="reduced")
    if full.ndim == 3:
        full = full[:, -1]
    probs = jax.nn.softmax(full, axis=-1)
    return probs


def inputs():
    mesh = jax.make_mesh((8,), (VOCAB_AXIS,))
    logits = jax.random.normal(jax.random.key(41), (2, 3, 32))
    return mesh, jax.device_put(logits, NamedSharding(mesh, P(None, None, VOCAB_AXIS)))


def main(mesh, logits):
    return jax.shard_map(target_probs, mesh=mesh, in_specs=P(None, None, VOCAB_AXIS),
                         out_specs=P(reduced={VOCAB_AXIS}))(logits)
