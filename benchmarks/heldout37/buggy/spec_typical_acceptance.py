"""Typical acceptance sampling: entropy threshold from the gathered target distribution."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("batch", "vocab"))


def gather_probs(logits, vocab_axis):
    return jax.lax.all_gather(logits, vocab_axis, axis=-1, tiled=True, to="reduced")


def typical_threshold(logits, *, vocab_axis, epsilon=0.09, delta=0.3):
    full = gather_probs(logits, vocab_axis)
    probs = jax.nn.softmax(full, axis=-1)
    entropy = -jnp.sum(probs * jnp.log(probs), axis=-1)
    return jnp.minimum(epsilon, delta * jnp.exp(-entropy))


def inputs():
    logits = jax.random.normal(jax.random.key(8), (8, 16))
    return (jax.device_put(logits, NamedSharding(MESH, P("batch", "vocab"))),)


def main(logits):
    body = functools.partial(typical_threshold, vocab_axis="vocab")
    return jax.shard_map(body, mesh=MESH, in_specs=P("batch", "vocab"), out_specs=P("batch"))(logits)
