"""Residual of a least-squares spline fit on batched curves.

``shardinterp.fit``: the basis matrix is split by columns (coefficients)
over the ``grid`` axis and the curves over the ``batch`` axis. The
residual's mean square is averaged over ``average_over`` axes.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["fit_residual", "hat_basis"]


def hat_basis(x, n_knots):
    """Piecewise-linear (hat) basis functions on ``n_knots`` uniform knots."""
    x = np.asarray(x, dtype=np.float32)
    knots = np.linspace(x.min(), x.max(), n_knots)
    h = knots[1] - knots[0]
    return np.clip(1.0 - np.abs(x[:, None] - knots[None, :]) / h, 0.0, None).astype(np.float32)


class _Residual:
    def __init__(self, rms, how):
        self.rms = rms
        self.how = how

    def __repr__(self):
        return f"_Residual(how={self.how!r}, rms={float(self.rms):.5f})"


def _mean_square(r):
    return jnp.mean(r * r)


def _max_square(r):
    return jnp.max(r * r)


_METRICS = {"mean": (_mean_square, jax.lax.pmean), "max": (_max_square, jax.lax.pmax)}


def fit_residual(y, basis, coef, mesh, *, metric="mean", average_over=None):
    """RMS residual of ``y - coef @ basis.T``.

    Parameters
    ----------
    y : array_like, shape (n_curves, n_points)
    basis : array_like, shape (n_points, n_knots)
    coef : array_like, shape (n_curves, n_knots)
    mesh : Mesh
        Mesh ``(batch, grid)``.
    metric : {"mean", "max"}
    average_over : tuple of str, optional
        Axes the metric is combined over; every mesh axis by default.

    Returns
    -------
    _Residual
    """
    y, basis, coef = (np.asarray(a, dtype=np.float32) for a in (y, basis, coef))
    if coef.shape != (y.shape[0], basis.shape[1]):
        raise ValueError(f"coef has shape {coef.shape}, expected {(y.shape[0], basis.shape[1])}")
    local, combine = _METRICS[metric]
    batch, grid = mesh.axis_names
    if average_over is None:
        average_over = (batch,)
    y_s = jax.device_put(y, NamedSharding(mesh, P(batch, None)))
    b_s = jax.device_put(basis, NamedSharding(mesh, P(None, grid)))
    c_s = jax.device_put(coef, NamedSharding(mesh, P(batch, grid)))

    def body(y_b, b_b, c_b):
        fitted = jax.lax.psum(c_b @ b_b.T, grid)
        return jnp.sqrt(combine(local(y_b - fitted), average_over))

    rms = jax.shard_map(body, mesh=mesh, in_specs=(P(batch, None), P(None, grid), P(batch, grid)),
                        out_specs=P())(y_s, b_s, c_s)
    return _Residual(rms, metric)


def inputs():
    x = np.linspace(0, 1, 12, dtype=np.float32)
    basis = hat_basis(x, 8)
    rng = np.random.default_rng(44)
    y = np.stack([np.sin(3 * x + p) for p in rng.uniform(0, 3, 4)]).astype(np.float32)
    coef = np.linalg.lstsq(basis, y.T, rcond=None)[0].T.astype(np.float32)
    return y, basis, coef


def main(y, basis, coef):
    mesh = jax.make_mesh((2, 4), ("batch", "grid"))
    batch_only = fit_residual(y, basis, coef, mesh, average_over=("batch",))
    ref = np.sqrt(np.mean((y - coef @ basis.T) ** 2))
    np.testing.assert_allclose(batch_only.rms, ref, rtol=1e-3, atol=1e-5)
    res = fit_residual(y, basis, coef, mesh)
    print(res)
    return res.rms


if __name__ == "__main__":
    main(*inputs())
