"""Repetition penalty in a decode loop: seen-token counts summed over vocab shards each step."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "vocab_shard"))
VOCAB_AXIS = "vocab_shard"


def seen_counts(history):
    return jax.lax.all_gather(history, VOCAB_AXIS, axis=1, tiled=True, to="reduced")


def decode_loop(logits, history, num_steps=3, penalty=1.2):
    counts = seen_counts(history)

    def body(step, logits):
        total_seen = jax.lax.psum(counts.sum(axis=1, keepdims=True), VOCAB_AXIS)
        return logits - penalty * jnp.log1p(total_seen) / (step + 1)

    return jax.lax.fori_loop(0, num_steps, body, logits)


def inputs():
    logits = jax.random.normal(jax.random.key(21), (4, 32))
    history = jnp.ones((4, 32), jnp.float32)
    sh = NamedSharding(MESH, P("dp", "vocab_shard"))
    return jax.device_put(logits, sh), jax.device_put(history, sh)


def main(logits, history):
    return jax.shard_map(decode_loop, mesh=MESH, in_specs=(P("dp", "vocab_shard"),) * 2,
                         out_specs=P("dp", "vocab_shard"))(logits, history)
