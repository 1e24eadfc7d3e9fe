"""Isotonic calibration: positives / impressions per score bucket, pooled over the whole log."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_BUCKETS = 8

COMMS = {
    "within_slice": lambda x: jax.lax.all_gather(x, "bucket", to="reduced"),
    "whole_log": lambda x: jax.lax.all_gather(x, ("data", "bucket"), to="reduced"),
}
PIPELINE = ["within_slice", "whole_log"]


def bucket_stats(scores, labels):
    idx = jnp.clip((scores * N_BUCKETS).astype(jnp.int32), 0, N_BUCKETS - 1)
    onehot = jax.nn.one_hot(idx, N_BUCKETS)
    return jnp.stack([onehot.T @ labels, onehot.sum(axis=0)])


def pooled_stats(scores, labels):
    stats = bucket_stats(scores, labels)
    for stage in PIPELINE:
        stats = COMMS[stage](stats)
    return stats


def inputs():
    rng = np.random.default_rng(51)
    scores = rng.uniform(size=(8, 32)).astype(np.float32)
    labels = (rng.uniform(size=(8, 32)) < scores).astype(np.float32)
    return scores, labels


def main(scores, labels):
    mesh = jax.make_mesh((4, 2), ("data", "bucket"))
    spec = P("data", "bucket")
    scores = jax.device_put(scores, NamedSharding(mesh, spec))
    labels = jax.device_put(labels, NamedSharding(mesh, spec))
    fn = jax.shard_map(lambda s, l: pooled_stats(s[0], l[0]), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(reduced={"data", "bucket"}))
    return fn(scores, labels)


if __name__ == "__main__":
    print(main(*inputs()))
