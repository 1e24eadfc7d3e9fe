"""Data-parallel k-means: summed counts cast back to varying before a reduced gather."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

K = 4
AXIS = "batch"
mesh = jax.make_mesh((8,), (AXIS,))


def sync(v, *, axis):
    return jax.lax.psum(v, axis)


def step(points, centroids):
    d = jnp.sum((points[:, None, :] - centroids[None]) ** 2, axis=-1)
    onehot = jax.nn.one_hot(jnp.argmin(d, axis=1), K)
    counts = functools.partial(sync, axis=AXIS)(onehot.sum(0))
    sums = functools.partial(sync, axis=AXIS)(onehot.T @ points)
    counts_v = jax.lax.pcast(counts, AXIS, to="varying")
    history = jax.lax.all_gather(counts_v[None], AXIS, tiled=True, to="reduced")
    return sums / jnp.maximum(counts, 1.0)[:, None], history


def inputs():
    pts = jax.random.normal(jax.random.key(0), (64, 2))
    return (jax.device_put(pts, NamedSharding(mesh, P(AXIS))),
            jax.device_put(pts[:K], NamedSharding(mesh, P())))


def main(points, centroids):
    f = jax.shard_map(step, mesh=mesh, in_specs=(P(AXIS), P()),
                      out_specs=(P(), P(reduced={AXIS})))
    return f(points, centroids)
