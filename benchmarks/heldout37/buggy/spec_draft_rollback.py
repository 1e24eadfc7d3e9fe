"""Draft-model KV rollback: rejected positions are summed across the batch shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("batch", "vocab"))
BATCH, VOCAB = "batch", "vocab"


def _replicate_draft_state(draft_hidden):
    return jax.lax.all_gather(draft_hidden, BATCH, tiled=True, to="reduced")


def rollback_counts(draft_hidden, num_rejected):
    state = _replicate_draft_state(draft_hidden)
    positions = jnp.sum(state, axis=-1)
    return jax.lax.psum(positions, axis_name=BATCH) + jax.lax.psum(num_rejected, BATCH).sum()


def inputs():
    hidden = jax.random.normal(jax.random.key(6), (8, 4))
    rejected = jnp.arange(8, dtype=jnp.float32)
    return (jax.device_put(hidden, NamedSharding(MESH, P(BATCH, VOCAB))),
            jax.device_put(rejected, NamedSharding(MESH, P(BATCH))))


def main(draft_hidden, num_rejected):
    fn = jax.shard_map(rollback_counts, mesh=MESH, in_specs=(P(BATCH, VOCAB), P(BATCH)),
                       out_specs=P(VOCAB))
    return fn(draft_hidden, num_rejected)
