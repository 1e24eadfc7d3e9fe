"""Mini-batch k-means centroids per worker, with dumps for plotting.

``shardcluster.minibatch``: every worker of the ``pts`` axis keeps its own
centroid estimate, split by feature over ``feat``. ``dump="features"``
gathers the features of each worker's centroids; ``dump="all"`` also
collects every worker's copy.
"""
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["worker_centroids"]


def _dump_features(c, pts, feat):
    return jax.lax.all_gather(c, feat, axis=2, tiled=True, to="reduced")


def _dump_all(c, pts, feat):
    full = _dump_features(c, pts, feat)
    return jax.lax.all_gather(full, (pts, feat), axis=0, tiled=True, to="reduced")


_DUMPS = {"features": (_dump_features, lambda p, f: P(p, None, None, reduced={f})),
          "all": (_dump_all, lambda p, f: P(None, None, None, reduced={p, f}))}


def worker_centroids(x, labels, k, mesh, *, dump=None):
    """Per-worker centroids of labelled points.

    Parameters
    ----------
    x : array_like, shape (n, d)
    labels : array_like of int, shape (n,)
    k : int
    mesh : Mesh
        Mesh ``(pts, feat)``.
    dump : {None, "features", "all"}

    Returns
    -------
    jax.Array or tuple of jax.Array
    """
    x = np.atleast_2d(np.asarray(x, dtype=np.float32))
    labels = np.asarray(labels, dtype=np.int32)
    if labels.max() >= k:
        raise ValueError(f"labels must be < k={k}")
    pts, feat = mesh.axis_names
    xs = jax.device_put(x, NamedSharding(mesh, P(pts, feat)))
    ls = jax.device_put(labels, NamedSharding(mesh, P(pts)))

    def body(xb, lb):
        onehot = jax.nn.one_hot(lb, k)
        c = (onehot.T @ xb) / jnp.maximum(onehot.sum(0), 1.0)[:, None]
        c = c[None]
        if dump is None:
            return c
        fn, _ = _DUMPS[dump]
        return c, fn(c, pts, feat)

    specs = P(pts, None, feat)
    if dump is not None:
        specs = (specs, _DUMPS[dump][1](pts, feat))
    return jax.shard_map(body, mesh=mesh, in_specs=(P(pts, feat), P(pts)), out_specs=specs)(xs, ls)


def inputs():
    rng = np.random.default_rng(61)
    return rng.normal(size=(16, 4)).astype(np.float32), np.tile(np.arange(2), 8)


def main(x, labels):
    mesh = jax.make_mesh((4, 2), ("pts", "feat"))
    c = worker_centroids(x, labels, 2, mesh)
    c, feats = worker_centroids(x, labels, 2, mesh, dump="features")
    np.testing.assert_allclose(np.asarray(feats), np.asarray(c), rtol=1e-6)
    c, everything = worker_centroids(x, labels, 2, mesh, dump="all")
    return everything


if __name__ == "__main__":
    main(*inputs())
