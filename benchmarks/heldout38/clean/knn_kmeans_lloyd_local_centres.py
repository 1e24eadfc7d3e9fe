import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KMEANS_DEFAULTS = {"n_clusters": 4, "init": "k-means++", "max_iter": 1, "axis": "query"}


def inputs():
    rng = np.random.default_rng(61)
    X = rng.normal(size=(16, 8)).astype(np.float32)
    centers = X[:4].copy()
    return X, centers


def assign(X, centers):
    d = ((X[:, None, :] - centers[None, :, :]) ** 2).sum(-1)
    return jax.nn.one_hot(jnp.argmin(d, axis=1), centers.shape[0], dtype=X.dtype)


def lloyd_step(X, centers, n_clusters, init, max_iter, axis):
    onehot = assign(X, centers)
    sums = onehot.T @ X
    counts = onehot.sum(axis=0)
    new_centers = sums / jnp.maximum(counts, 1.0)[:, None]
    return jax.lax.all_gather(new_centers, axis, to="reduced")


def main(X, centers):
    mesh = jax.make_mesh((2, 4), ("query", "index"))
    X = jax.device_put(X, NamedSharding(mesh, P("query", "index")))
    centers = jax.device_put(centers, NamedSharding(mesh, P(None, "index")))
    step = jax.shard_map(lambda x, c: lloyd_step(x, c, **KMEANS_DEFAULTS), mesh=mesh,
                         in_specs=(P("query", "index"), P(None, "index")),
                         out_specs=P(None, None, "index", reduced={"query"}))
    return step(X, centers)


if __name__ == "__main__":
    main(*inputs())
