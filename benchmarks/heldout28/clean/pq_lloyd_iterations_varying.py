"""Distributed Lloyd iterations for the coarse quantizer of an IVF index."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class KMeansConfig:
    n_clusters: int = 4
    n_iter: int = 3
    axis: str = "shard"


def assign(x, centroids):
    d = jnp.sum((x[:, None, :] - centroids[None, :, :]) ** 2, axis=-1)
    return jnp.argmin(d, axis=1)


def update_centroids(cfg, x, labels):
    onehot = jax.nn.one_hot(labels, cfg.n_clusters)
    sums = jax.lax.all_gather(onehot.T @ x, cfg.axis, tiled=False)
    counts = jax.lax.psum(onehot.sum(axis=0), cfg.axis)
    total = jax.lax.psum(sums, cfg.axis)
    return total.sum(axis=0) / jnp.maximum(counts, 1.0)[:, None]


def lloyd(cfg, x, init):
    centroids = init
    for _ in range(cfg.n_iter):
        centroids = update_centroids(cfg, x, assign(x, centroids))
    return centroids


def inputs():
    rng = np.random.default_rng(36)
    return (rng.normal(size=(64, 4)).astype(np.float32), rng.normal(size=(4, 4)).astype(np.float32))


def main(x, init, cfg=KMeansConfig()):
    mesh = jax.make_mesh((8,), (cfg.axis,))
    x = jax.device_put(x, NamedSharding(mesh, P(cfg.axis, None)))
    init = jax.device_put(init, NamedSharding(mesh, P()))
    return jax.shard_map(lambda a, b: lloyd(cfg, a, b), mesh=mesh,
                         in_specs=(P(cfg.axis, None), P()), out_specs=P())(x, init)


if __name__ == "__main__":
    print(main(*inputs()))
