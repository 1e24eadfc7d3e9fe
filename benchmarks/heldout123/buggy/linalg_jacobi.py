"""Jacobi iteration for diagonally dominant systems.

``shardla.iterative``: rows of ``a`` are split over the mesh; the diagonal
and the iterate are gathered to reduced values once and reused.
"""
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["jacobi"]


class JacobiResult:
    def __init__(self, x, n_iter):
        self.x = x
        self.n_iter = n_iter

    def __repr__(self):
        return f"JacobiResult(n={self.x.shape[0]}, n_iter={self.n_iter})"


def _check_dominant(a):
    d = np.abs(np.diag(a))
    off = np.abs(a).sum(axis=1) - d
    if np.any(d <= off):
        raise ValueError("a must be strictly diagonally dominant")


def jacobi(a, b, mesh, *, maxiter=None, omega=None, tol=None):
    """Solve ``a x = b`` by (weighted) Jacobi iteration.

    Parameters
    ----------
    a : array_like, shape (n, n)
    b : array_like, shape (n,)
    mesh : Mesh
        One-dimensional mesh.
    maxiter : int, optional
        Number of sweeps (default 25).
    omega : float, optional
        Relaxation weight (default 1.0).
    tol : float, optional
        Deprecated: the iteration runs ``maxiter`` sweeps.

    Returns
    -------
    JacobiResult
    """
    a = np.atleast_2d(np.asarray(a, dtype=np.float32))
    b = np.asarray(b, dtype=np.float32)
    _check_dominant(a)
    if tol is not None:
        warnings.warn("tol is deprecated; use maxiter", DeprecationWarning, stacklevel=2)
    if maxiter is None:
        maxiter = 25
    if omega is None:
        omega = 1.0
    (axis,) = mesh.axis_names
    n_loc = a.shape[0] // mesh.size
    a_s = jax.device_put(a, NamedSharding(mesh, P(axis, None)))
    b_s = jax.device_put(b, NamedSharding(mesh, P(axis)))

    def body(a_rows, b_loc):
        start = jax.lax.axis_index(axis) * n_loc
        d_loc = jax.lax.dynamic_slice_in_dim(a_rows, start, n_loc, axis=1).diagonal()
        d = jax.lax.all_gather(d_loc, axis, tiled=True, to="reduced")
        inv_d = 1.0 / d
        x = jnp.zeros_like(b_loc)
        for _ in range(maxiter):
            x_full = jax.lax.all_gather(x, axis, tiled=True)
            r = b_loc - a_rows @ x_full
            x = x + omega * r * jax.lax.dynamic_slice_in_dim(inv_d, start, n_loc)
        return x

    x = jax.shard_map(body, mesh=mesh, in_specs=(P(axis, None), P(axis)), out_specs=P(axis))(a_s, b_s)
    return JacobiResult(x, maxiter)


def inputs():
    rng = np.random.default_rng(14)
    a = rng.uniform(-1, 1, size=(16, 16)).astype(np.float32)
    a += np.diag(np.abs(a).sum(axis=1) + 1.0).astype(np.float32)
    return a, rng.normal(size=16).astype(np.float32)


def main(a, b):
    mesh = jax.make_mesh((8,), ("dev",))
    res = jacobi(a, b, mesh, tol=1e-6)
    print(res)
    np.testing.assert_allclose(res.x, np.linalg.solve(a, b), rtol=1e-3, atol=1e-4)
    return res.x


if __name__ == "__main__":
    main(*inputs())
