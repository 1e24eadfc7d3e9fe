"""Medusa-style tree candidates: verification scores gathered across the candidate tree."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("batch", "vocab"))
TREE_CHOICES = [(0,), (1,), (0, 0), (0, 1)]


class TreeVerifier:
    def __init__(self, mesh):
        self.batch_axis, self.vocab_axis = mesh.axis_names

    def candidate_scores(self, logits):
        return jnp.stack([logits[:, i] for i in range(len(TREE_CHOICES))], axis=1)

    def verify(self, logits):
        scores = self.candidate_scores(logits)
        by_vocab = jax.lax.all_gather(scores, self.vocab_axis, axis=2, tiled=True, to="reduced")
        return jax.lax.all_gather(by_vocab, (self.vocab_axis, self.batch_axis), tiled=True, to="reduced")


def inputs():
    logits = jax.random.normal(jax.random.key(5), (8, 4, 16))
    return (jax.device_put(logits, NamedSharding(MESH, P("batch", None, "vocab"))),)


def main(logits):
    v = TreeVerifier(MESH)
    return jax.shard_map(v.verify, mesh=MESH, in_specs=P("batch", None, "vocab"),
                         out_specs=P(None, None, None, reduced={"batch", "vocab"}))(logits)
