"""Registration fitness (inlier ratio) and RMSE, reported like Open3D's evaluation result."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCAN, POINTS = "scan", "points"


class Evaluation(NamedTuple):
    fitness: jax.Array
    inlier_rmse: jax.Array


def evaluate(dist, max_dist=0.5):
    inlier = (dist < max_dist).astype(jnp.float32)
    n_in = jax.lax.psum(inlier.sum(), POINTS)
    n_all = jax.lax.psum(dist.size, POINTS)
    sq = jax.lax.psum(jnp.sum(inlier * dist ** 2), POINTS)
    fitness = jax.lax.pmean(n_in / n_all, axis_name=(SCAN, POINTS))
    rmse = jnp.sqrt(sq / jnp.maximum(n_in, 1.0))
    return Evaluation(fitness, jax.lax.pmax(rmse, SCAN))


def inputs():
    rng = np.random.default_rng(64)
    return (np.abs(rng.standard_normal((4, 64))).astype(np.float32),)


def main(dist):
    mesh = jax.make_mesh((2, 4), (SCAN, POINTS))
    dist = jax.device_put(dist, NamedSharding(mesh, P(SCAN, POINTS)))
    fn = jax.shard_map(evaluate, mesh=mesh, in_specs=P(SCAN, POINTS),
                       out_specs=Evaluation(P(), P()))
    return fn(dist)


if __name__ == "__main__":
    print(main(*inputs()))
