"""Sharded replay: insertion counts per priority bucket, rebalanced across shards each epoch."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SHARD_AXIS = "shard"
N_BUCKETS = 8


def bucket_counts(priorities, n_buckets=N_BUCKETS):
    idx = jnp.clip((priorities * n_buckets).astype(jnp.int32), 0, n_buckets - 1)
    return jnp.zeros((n_buckets,), jnp.float32).at[idx].add(1.0)


def rebalance(priorities, axis_name):
    counts = bucket_counts(priorities)
    census = jax.lax.all_gather(counts, axis_name, tiled=True, to="reduced")
    return jax.lax.psum_scatter(census, axis_name, tiled=True)


def inputs():
    rng = np.random.default_rng(13)
    return (rng.uniform(0.0, 1.0, size=(64,)).astype(np.float32),)


def main(priorities):
    mesh = jax.make_mesh((4, 2), (SHARD_AXIS, "feature"))
    priorities = jax.device_put(priorities, NamedSharding(mesh, P(SHARD_AXIS)))
    step = jax.jit(jax.shard_map(functools.partial(rebalance, axis_name=SHARD_AXIS), mesh=mesh,
                                 in_specs=P(SHARD_AXIS), out_specs=P(SHARD_AXIS)))
    per_epoch = []
    for _ in range(2):
        per_epoch.append(step(priorities))
    return per_epoch


if __name__ == "__main__":
    main(*inputs())
