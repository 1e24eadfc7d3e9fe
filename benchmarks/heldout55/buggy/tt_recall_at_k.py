"""Recall@k of the retrieval model on a sharded evaluation batch."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("batch", "model"))
QUERY_AXIS, ITEM_AXIS = MESH.axis_names


def hits_at_k(scores, labels, k=4):
    kth = jnp.sort(scores, axis=-1)[:, -k][:, None]
    return ((scores >= kth) & (labels > 0)).any(axis=-1).astype(jnp.float32)


def recall_body(scores, labels):
    local_hits = hits_at_k(scores, labels).sum()
    shard_hits = jax.lax.pmax(local_hits, ITEM_AXIS)
    return jax.lax.pmean(shard_hits, axis_name=MESH.axis_names)


def inputs():
    rng = np.random.default_rng(14)
    scores = rng.normal(size=(16, 64)).astype(np.float32)
    labels = (rng.random((16, 64)) < 0.05).astype(np.float32)
    return scores, labels


def main(scores, labels):
    spec = P(QUERY_AXIS, ITEM_AXIS)
    scores = jax.device_put(scores, NamedSharding(MESH, spec))
    labels = jax.device_put(labels, NamedSharding(MESH, spec))
    return jax.shard_map(recall_body, mesh=MESH, in_specs=(spec, spec), out_specs=P())(scores, labels)


if __name__ == "__main__":
    main(*inputs())
