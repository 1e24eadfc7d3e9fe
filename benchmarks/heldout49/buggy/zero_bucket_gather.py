"""Bucketed ZeRO-2 gradient buckets gathered for an overlap profiler."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BUCKET_AXES = ("shard", "replica")


def bucket_norms(buckets):
    return jnp.sqrt((buckets * buckets).sum(axis=-1))


def gather_buckets(buckets, axes=BUCKET_AXES):
    norms = bucket_norms(buckets)
    inner = jax.lax.all_gather(norms, axes[0], axis=0, tiled=True, to="reduced")
    outer = jax.lax.all_gather(inner, axes[::-1], axis=0, tiled=True, to="reduced")
    return outer


def inputs():
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    buckets = np.random.default_rng(35).normal(size=(16, 32)).astype(np.float32)
    return mesh, jax.device_put(buckets, NamedSharding(mesh, P(("replica", "shard"), None)))


def main(mesh, buckets):
    f = jax.shard_map(gather_buckets, mesh=mesh, in_specs=P(("replica", "shard"), None),
                      out_specs=P(None, reduced={"shard", "replica"}))
    return f(buckets)


if __name__ == "__main__":
    main(*inputs())
