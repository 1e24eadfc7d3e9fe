"""Min-p sampling: the threshold is the max prob over the vocab, averaged for logging."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "vocab_shard"))


def make_min_p_stats(mesh, min_p=0.05):
    dp, vocab = mesh.axis_names

    def stats(logits):
        probs = jax.nn.softmax(logits, axis=-1)
        top = jax.lax.pmax(probs.max(axis=-1), vocab)
        threshold = min_p * top
        return jax.lax.pmean(threshold.mean(), mesh.axis_names)

    return stats


def inputs():
    logits = jax.random.normal(jax.random.key(22), (4, 32))
    return (jax.device_put(logits, NamedSharding(MESH, P("dp", "vocab_shard"))),)


def main(logits):
    return jax.shard_map(make_min_p_stats(MESH), mesh=MESH, in_specs=P("dp", "vocab_shard"),
                         out_specs=P())(logits)
