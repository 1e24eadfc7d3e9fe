"""Distributed k-means: centroids resharded between steps, axis names from an Enum."""
import enum

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P


class Ax(str, enum.Enum):
    DATA = "data"
    CLUSTER = "cluster"


mesh = jax.make_mesh((4, 2), (Ax.DATA.value, Ax.CLUSTER.value))


def update(centroids, points):
    d = jnp.sum((points[:, None] - centroids[None]) ** 2, -1)
    onehot = jax.nn.one_hot(jnp.argmin(d, 1), centroids.shape[0])
    return (onehot.T @ points) / jnp.maximum(onehot.sum(0), 1.0)[:, None]


def inputs():
    pts = jax.random.normal(jax.random.key(12), (64, 2))
    return (pts[:8], pts)


def main(centroids, points):
    with jax.set_mesh(mesh):
        centroids = jax.jit(update)(centroids, points)
        centroids = jax.reshard(centroids, P((Ax.DATA.value, Ax.CLUSTER.value)))
        full = top_level_all_gather(centroids, P(Ax.CLUSTER.value, reduced={Ax.DATA.value}))
        return jax.reshard(full, P())
