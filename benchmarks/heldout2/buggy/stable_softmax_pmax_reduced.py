import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class VocabParallelXent:
    """Cross-entropy over a vocabulary sharded on 'vocab'."""

    def __init__(self, mesh, vocab_axis="vocab"):
        self.mesh = mesh
        self.vocab_axis = vocab_axis

    def loss(self, logits_shard, labels):
        logits = jax.lax.all_gather(logits_shard, self.vocab_axis, axis=1, to="reduced", tiled=True)
        row_max = jax.lax.pmax(logits, self.vocab_axis).max(axis=1, keepdims=True)
        z = jnp.exp(logits_shard - row_max)
        lse = jnp.log(jax.lax.psum(z.sum(1, keepdims=True), self.vocab_axis)) + row_max
        return jnp.mean(lse)

    def __call__(self, logits, labels):
        return jax.shard_map(self.loss, mesh=self.mesh, in_specs=(P(None, self.vocab_axis), P()), out_specs=P())(logits, labels)


def inputs():
    return np.linspace(-2, 2, 4 * 16, dtype=np.float32).reshape(4, 16), np.array([1, 5, 9, 15], np.int32)


def main(logits, labels):
    mesh = jax.make_mesh((8,), ("vocab",))
    logits = jax.device_put(logits, NamedSharding(mesh, P(None, "vocab")))
    labels = jax.device_put(labels, NamedSharding(mesh, P()))
    return VocabParallelXent(mesh)(logits, labels)
