"""Proximal gradient (ISTA) with the parameter vector gathered to reduced.

``shardopt.proximal``: the gradient is computed on row shards, the
parameters are kept as a reduced full vector on every device so the prox
operator sees all of them. Operators are looked up in ``_PROX``.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["ista"]


def _prox_none(w, thresh):
    return w


def _prox_l1(w, thresh):
    return jnp.sign(w) * jnp.maximum(jnp.abs(w) - thresh, 0.0)


_PROX = {"none": _prox_none, "l1": _prox_l1}


def _check_penalty(penalty, alpha):
    if penalty not in _PROX:
        raise ValueError(f"penalty must be one of {sorted(_PROX)}, got {penalty!r}")
    if alpha is None:
        alpha = 0.0 if penalty == "none" else 0.1
    if alpha < 0:
        raise ValueError("alpha must be non-negative")
    return _PROX[penalty], float(alpha)


def ista(a, b, mesh, *, penalty="l1", alpha=None, lr=None):
    """One proximal gradient step from ``w = 0`` for ``0.5||a w - b||^2``.

    Parameters
    ----------
    a : array_like, shape (m, n)
    b : array_like, shape (m,)
    mesh : Mesh
        One-dimensional mesh over the parameters.
    penalty : {"l1", "none"}
    alpha : float, optional
        Penalty weight (0.1 for "l1").
    lr : float, optional
        Step size (default 0.01).

    Returns
    -------
    jax.Array, shape (n,)
        Reduced over the mesh axis.
    """
    prox, alpha = _check_penalty(penalty, alpha)
    if lr is None:
        lr = 0.01
    a = np.atleast_2d(np.asarray(a, dtype=np.float32))
    (axis,) = mesh.axis_names
    a_s = jax.device_put(a, NamedSharding(mesh, P(None, axis)))
    b_s = jax.device_put(np.asarray(b, np.float32), NamedSharding(mesh, P()))

    def body(a_cols, b_all):
        g = -(a_cols.T @ b_all)
        w = jax.lax.all_gather(-lr * g, axis, tiled=True, to="reduced")
        return prox(w, lr * alpha)

    return jax.shard_map(body, mesh=mesh, in_specs=(P(None, axis), P()),
                         out_specs=P(None, reduced={axis}))(a_s, b_s)


def inputs():
    rng = np.random.default_rng(55)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=8).astype(np.float32)


def main(a, b):
    mesh = jax.make_mesh((8,), ("param",))
    plain = ista(a, b, mesh, penalty="none")
    np.testing.assert_allclose(np.asarray(plain), 0.01 * a.T @ b, rtol=1e-5, atol=1e-6)
    sparse = ista(a, b, mesh, alpha=5.0)
    return sparse


if __name__ == "__main__":
    main(*inputs())
