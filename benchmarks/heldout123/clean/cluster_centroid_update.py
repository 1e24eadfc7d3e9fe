"""Lloyd update of k-means centroids on points split over two mesh axes.

``shardcluster.kmeans.update``: the distances are computed on feature
shards (``feat``) and summed; the per-cluster sums are then combined over
``combine_axes`` (every mesh axis by default).
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["lloyd_update"]


def _assign(xb, cb, feat):
    d = jax.lax.psum(jnp.sum((xb[:, None, :] - cb[None]) ** 2, axis=-1), feat)
    return jnp.argmin(d, axis=1)


def lloyd_update(x, centers, mesh, *, combine_axes=None):
    """One Lloyd iteration.

    Parameters
    ----------
    x : array_like, shape (n, d)
    centers : array_like, shape (k, d)
    mesh : Mesh
        Mesh ``(pts, feat)``.
    combine_axes : tuple of str, optional

    Returns
    -------
    jax.Array, shape (k, d)
    """
    x = np.atleast_2d(np.asarray(x, dtype=np.float32))
    centers = np.atleast_2d(np.asarray(centers, dtype=np.float32))
    k = centers.shape[0]
    pts, feat = mesh.axis_names
    if combine_axes is None:
        combine_axes = (pts,)
    xs = jax.device_put(x, NamedSharding(mesh, P(pts, feat)))
    cs = jax.device_put(centers, NamedSharding(mesh, P(None, feat)))

    def body(xb, cb):
        onehot = jax.nn.one_hot(_assign(xb, cb, feat), k)
        counts = jax.lax.psum(onehot.sum(0), combine_axes)
        sums = jax.lax.psum(onehot.T @ xb, pts)
        return sums / jnp.maximum(counts, 1.0)[:, None]

    return jax.shard_map(body, mesh=mesh, in_specs=(P(pts, feat), P(None, feat)),
                         out_specs=P(None, feat))(xs, cs)


def inputs():
    rng = np.random.default_rng(64)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(3, 4)).astype(np.float32)


def main(x, centers):
    mesh = jax.make_mesh((4, 2), ("pts", "feat"))
    new = lloyd_update(x, centers, mesh, combine_axes=("pts",))
    lab = ((x[:, None] - centers[None]) ** 2).sum(-1).argmin(1)
    ref = np.stack([x[lab == j].mean(0) if np.any(lab == j) else np.zeros(4) for j in range(3)])
    np.testing.assert_allclose(np.asarray(new), ref, rtol=1e-5, atol=1e-6)
    return lloyd_update(x, centers, mesh)


if __name__ == "__main__":
    main(*inputs())
