"""Streaming AUC with threshold buckets: bucket counts re-split across shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "shard"))


class StreamingAUC:
    def __init__(self, num_thresholds=8, bucket_axis="shard"):
        self.num_thresholds = num_thresholds
        self.bucket_axis = bucket_axis
        self.thresholds = jnp.linspace(0.0, 1.0, num_thresholds)

    def bucket_counts(self, scores):
        above = (scores[:, None] >= self.thresholds[None, :]).astype(jnp.float32)
        return above.sum(axis=0)

    def shared_counts(self, scores):
        counts = self.bucket_counts(scores)
        return jax.lax.all_gather(counts, self.bucket_axis, tiled=True, to="reduced")

    def resplit(self, scores):
        shared = self.shared_counts(scores)
        return jax.lax.psum_scatter(shared, self.bucket_axis, tiled=True)


def inputs():
    scores = jnp.linspace(0.0, 1.0, 64, dtype=jnp.float32)
    return (jax.device_put(scores, NamedSharding(MESH, P(("replica", "shard")))),)


def main(scores):
    auc = StreamingAUC()
    return jax.shard_map(auc.resplit, mesh=MESH, in_specs=P(("replica", "shard")),
                         out_specs=P(("replica", "shard")))(scores)


if __name__ == "__main__":
    main(*inputs())
