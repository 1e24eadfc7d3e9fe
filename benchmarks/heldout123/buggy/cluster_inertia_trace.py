"""K-means inertia with an optional per-shard trace.

``shardcluster.kmeans.inertia``: points are split over the mesh; the
inertia is summed over every axis in ``sum_axes`` (all by default).
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["inertia"]


def _sq_dist(x, c):
    return jnp.sum((x[:, None, :] - c[None, :, :]) ** 2, axis=-1)


def _check_centers(centers, d):
    centers = np.atleast_2d(np.asarray(centers, dtype=np.float32))
    if centers.shape[1] != d:
        raise ValueError(f"centers have dimension {centers.shape[1]}, points {d}")
    return centers


def inertia(x, centers, mesh, *, sum_axes=None, trace=False):
    """Sum of squared distances of each point to its closest centre.

    Parameters
    ----------
    x : array_like, shape (n, d)
    centers : array_like, shape (k, d)
    mesh : Mesh
    sum_axes : tuple of str, optional
        Axes the inertia is summed over; every mesh axis by default.
    trace : bool
        Also return the inertia as seen by each device of the first axis.

    Returns
    -------
    jax.Array or tuple of jax.Array
    """
    x = np.atleast_2d(np.asarray(x, dtype=np.float32))
    centers = _check_centers(centers, x.shape[1])
    if sum_axes is None:
        sum_axes = tuple(mesh.axis_names)
    xs = jax.device_put(x, NamedSharding(mesh, P(tuple(mesh.axis_names), None)))
    first = mesh.axis_names[0]

    def body(xb):
        local = jnp.sum(jnp.min(_sq_dist(xb, centers), axis=1))
        total = jax.lax.psum(local, sum_axes)
        if not trace:
            return total
        return total, jax.lax.all_gather(total, first, to="reduced")

    specs = P() if not trace else (P(), P(None, reduced={first}))
    return jax.shard_map(body, mesh=mesh, in_specs=P(tuple(mesh.axis_names), None), out_specs=specs)(xs)


def inputs():
    rng = np.random.default_rng(60)
    return rng.normal(size=(16, 3)).astype(np.float32), rng.normal(size=(4, 3)).astype(np.float32)


def main(x, centers):
    mesh = jax.make_mesh((4, 2), ("pts", "rep"))
    total = inertia(x, centers, mesh)
    ref = ((x[:, None] - centers[None]) ** 2).sum(-1).min(1).sum()
    np.testing.assert_allclose(total, ref, rtol=1e-5)
    total, per = inertia(x, centers, mesh, trace=True)
    return per


if __name__ == "__main__":
    main(*inputs())
