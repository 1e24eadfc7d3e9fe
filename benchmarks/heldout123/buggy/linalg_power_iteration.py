"""Dominant eigenpair of a symmetric matrix by power iteration.

``shardla.eig``: the matrix is split by columns, the iterate is gathered
once per step. Methods are looked up in ``_METHODS``.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["dominant_eig"]


class _EigResult:
    def __init__(self, value, vector, n_iter):
        self.value = value
        self.vector = vector
        self.n_iter = n_iter

    def __repr__(self):
        return f"_EigResult(value={float(self.value):.4f}, n_iter={self.n_iter})"


def _normalise(v, axis_name):
    return v / jnp.sqrt(jax.lax.psum(jnp.sum(v * v), axis_name))


def _power_step(a_cols, v_local, axis_name):
    v_full = jax.lax.all_gather(v_local, axis_name, tiled=True, to="reduced")
    w = a_cols.T @ v_full
    return _normalise(w, axis_name)


def _rayleigh_step(a_cols, v_local, axis_name):
    v_full = jax.lax.all_gather(v_local, axis_name, tiled=True, to="reduced")
    w = a_cols.T @ v_full
    return _normalise(v_full, axis_name), w


_METHODS = {"power": _power_step, "rayleigh": _rayleigh_step}


def _check_symmetric(a):
    a = np.atleast_2d(np.asarray(a, dtype=np.float32))
    if a.shape[0] != a.shape[1] or not np.allclose(a, a.T, atol=1e-5):
        raise ValueError("a must be a symmetric square matrix")
    return a


def dominant_eig(a, mesh, *, method="power", n_iter=None, axis_name=None):
    """Largest eigenvalue and its eigenvector.

    Parameters
    ----------
    a : array_like, shape (n, n)
        Symmetric matrix.
    mesh : Mesh
        One-dimensional mesh.
    method : {"power", "rayleigh"}
    n_iter : int, optional
        Number of iterations (default 30).
    axis_name : str, optional
        Axis the columns are split over (default: the mesh's only axis).

    Returns
    -------
    _EigResult
    """
    a = _check_symmetric(a)
    if n_iter is None:
        n_iter = 30
    if axis_name is None:
        (axis_name,) = mesh.axis_names
    try:
        step = _METHODS[method]
    except KeyError:
        raise ValueError(f"unknown method {method!r}") from None
    a_s = jax.device_put(a, NamedSharding(mesh, P(None, axis_name)))
    v0 = jax.device_put(np.ones(a.shape[0], np.float32), NamedSharding(mesh, P(axis_name)))

    def body(a_cols, v):
        for _ in range(n_iter):
            v = step(a_cols, v, axis_name)
            if isinstance(v, tuple):
                v = v[0]
        w = a_cols.T @ jax.lax.all_gather(v, axis_name, tiled=True)
        lam = jax.lax.psum(jnp.dot(v, w), axis_name)
        return lam, v

    lam, v = jax.shard_map(body, mesh=mesh, in_specs=(P(None, axis_name), P(axis_name)),
                           out_specs=(P(), P(axis_name)))(a_s, v0)
    return _EigResult(lam, v, n_iter)


def inputs():
    rng = np.random.default_rng(11)
    m = rng.normal(size=(16, 16)).astype(np.float32)
    return (m @ m.T / 16,)


def main(a):
    mesh = jax.make_mesh((8,), ("dev",))
    res = dominant_eig(a, mesh)
    print(res)
    np.testing.assert_allclose(res.value, np.linalg.eigvalsh(a)[-1], rtol=1e-3)
    ray = dominant_eig(a, mesh, method="rayleigh", n_iter=10)
    print(ray)
    return ray.value


if __name__ == "__main__":
    main(*inputs())
