"""Nucleus sampling loop: the vocab-sharded mass above the cut is shared with all shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "vocab_shard"))
SAMPLER_DEFAULTS = dict(top_p=0.9, temperature=1.0, vocab_axis="vocab_shard")


def nucleus_mass(logits, top_p, temperature, vocab_axis):
    probs = jnp.exp(logits / temperature)
    z = jax.lax.psum(probs.sum(axis=-1, keepdims=True), vocab_axis)
    probs = probs / z
    kept = jnp.where(probs > (1 - top_p) / probs.shape[-1], probs, 0.0).sum(axis=-1, keepdims=True)
    kept = jax.lax.psum(kept, vocab_axis)
    return jax.lax.all_gather(kept, vocab_axis, axis=1, tiled=True, to="reduced")


def sample_step(logits):
    return nucleus_mass(logits, **SAMPLER_DEFAULTS)


def inputs():
    logits = jax.random.normal(jax.random.key(19), (4, 32))
    return (jax.device_put(logits, NamedSharding(MESH, P("dp", "vocab_shard"))),)


def main(logits):
    return jax.shard_map(sample_step, mesh=MESH, in_specs=P("dp", "vocab_shard"),
                         out_specs=P("dp", None, reduced={"vocab_shard"}))(logits)
