"""EM for a Gaussian mixture: responsibilities on local points, sufficient statistics summed
over the data shards, then every shard sees the statistics for the M-step."""
from typing import NamedTuple

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

K = 4


class Stats(NamedTuple):
    n: jax.Array
    sx: jax.Array
    sxx: jax.Array


def inputs():
    rng = np.random.default_rng(3)
    pts = rng.normal(size=(64, 2)).astype(np.float32)
    means = rng.normal(size=(K, 2)).astype(np.float32)
    return pts, means


def e_step(pts, means):
    d2 = jnp.sum((pts[:, None, :] - means[None]) ** 2, axis=-1)
    resp = jax.nn.softmax(-0.5 * d2, axis=1)
    return Stats(resp.sum(0), resp.T @ pts, resp.T @ (pts ** 2))


def reduce_stats(stats, axes):
    return Stats(*(jax.lax.psum(s, axes) for s in stats))


def em_iteration(pts, means, *, axes):
    stats = reduce_stats(e_step(pts, means), axes)
    counts = jax.lax.all_gather(stats.n, axes[0], to="reduced")
    return counts, stats.sx / stats.n[:, None]


def main(pts, means):
    mesh = jax.make_mesh((8,), ("data",))
    pts = jax.device_put(pts, NamedSharding(mesh, P("data")))
    means = jax.device_put(means, NamedSharding(mesh, P()))
    fn = jax.shard_map(functools.partial(em_iteration, axes=mesh.axis_names), mesh=mesh, in_specs=(P("data"), P()),
                       out_specs=(P(reduced={"data"}), P()))
    return fn(pts, means)
