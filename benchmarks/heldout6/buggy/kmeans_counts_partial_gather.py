"""Data-parallel k-means: points sharded over the batch axis, a partial-bound sync helper."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

K = 4
BATCH_AXIS = "batch"
mesh = jax.make_mesh((8,), (BATCH_AXIS,))


def assign(points, centroids):
    d = jnp.sum((points[:, None, :] - centroids[None]) ** 2, axis=-1)
    return jax.nn.one_hot(jnp.argmin(d, axis=1), K)


def sync_stats(onehot, points, *, axis):
    counts = jax.lax.psum(onehot.sum(0), axis)
    sums = jax.lax.psum(onehot.T @ points, axis)
    return counts, sums


def step(points, centroids, axis=BATCH_AXIS):
    onehot = assign(points, centroids)
    counts, sums = functools.partial(sync_stats, axis=axis)(onehot, points)
    new_c = sums / jnp.maximum(counts, 1.0)[:, None]
    history = jax.lax.all_gather(counts[None], axis, tiled=True, to="reduced")
    return new_c, history


def inputs():
    pts = jax.random.normal(jax.random.key(0), (64, 2))
    return (jax.device_put(pts, NamedSharding(mesh, P(BATCH_AXIS))),
            jax.device_put(pts[:K], NamedSharding(mesh, P())))


def main(points, centroids):
    f = jax.shard_map(step, mesh=mesh, in_specs=(P(BATCH_AXIS), P()),
                      out_specs=(P(), P(reduced={BATCH_AXIS})))
    return f(points, centroids)
