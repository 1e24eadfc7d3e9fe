"""Conjugate-gradient steps for a sharded quadratic, with step validation.

``shardopt.cg``: ``Q`` is split by rows over a one-dimensional mesh.
``method`` picks the update rule from ``_UPDATES``; ``validate=True``
checks the final iterate on the gathered vector before its norm is taken.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["minimize_quadratic"]


def _dot(u, v, axis_name):
    return jax.lax.psum(jnp.sum(u * v), axis_name)


def _matvec(q_rows, v, axis_name):
    return q_rows @ jax.lax.all_gather(v, axis_name, tiled=True)


def _check_iterate(x, axis_name):
    full = jax.lax.all_gather(x, axis_name, tiled=True, to="reduced")
    return full, jnp.all(jnp.isfinite(full))


def _cg(q_rows, b, x, steps, axis_name, validate):
    r = b - _matvec(q_rows, x, axis_name)
    p = r
    rs = _dot(r, r, axis_name)
    for _ in range(steps):
        qp = _matvec(q_rows, p, axis_name)
        alpha = rs / _dot(p, qp, axis_name)
        x = x + alpha * p
        r = r - alpha * qp
        rs_new = _dot(r, r, axis_name)
        p = r + (rs_new / rs) * p
        rs = rs_new
    if validate:
        x, ok = _check_iterate(x, axis_name)
    return x, jnp.sqrt(_dot(x, x, axis_name))


def _steepest(q_rows, b, x, steps, axis_name, validate):
    for _ in range(steps):
        r = b - _matvec(q_rows, x, axis_name)
        alpha = _dot(r, r, axis_name) / _dot(r, _matvec(q_rows, r, axis_name), axis_name)
        x = x + alpha * r
    return x, jnp.sqrt(_dot(x, x, axis_name))


_UPDATES = {"cg": _cg, "steepest": _steepest}


def minimize_quadratic(q, b, mesh, *, method="cg", steps=None, validate=False):
    """Minimise ``0.5 x^T Q x - b^T x`` for symmetric positive definite ``Q``.

    Parameters
    ----------
    q : array_like, shape (n, n)
    b : array_like, shape (n,)
    mesh : Mesh
    method : {"cg", "steepest"}
    steps : int, optional
        Iterations; ``n`` for CG, 50 for steepest descent.
    validate : bool
        Check the final CG iterate for non-finite entries.

    Returns
    -------
    tuple of jax.Array
        The minimiser and its norm.
    """
    q = np.atleast_2d(np.asarray(q, dtype=np.float32))
    b = np.asarray(b, dtype=np.float32)
    if method not in _UPDATES:
        raise ValueError(f"method must be one of {sorted(_UPDATES)}, got {method!r}")
    if steps is None:
        steps = q.shape[0] if method == "cg" else 50
    (axis,) = mesh.axis_names
    update = functools.partial(_UPDATES[method], steps=steps, axis_name=axis, validate=validate)
    q_s = jax.device_put(q, NamedSharding(mesh, P(axis, None)))
    b_s = jax.device_put(b, NamedSharding(mesh, P(axis)))

    def body(q_rows, b_blk):
        return update(q_rows, b_blk, jnp.zeros_like(b_blk))

    return jax.shard_map(body, mesh=mesh, in_specs=(P(axis, None), P(axis)),
                         out_specs=(P(axis), P()))(q_s, b_s)


def inputs():
    rng = np.random.default_rng(52)
    m = rng.normal(size=(16, 16)).astype(np.float32)
    return m @ m.T + 16 * np.eye(16, dtype=np.float32), rng.normal(size=16).astype(np.float32)


def main(q, b):
    mesh = jax.make_mesh((8,), ("dev",))
    ref = np.linalg.solve(q, b)
    x, _ = minimize_quadratic(q, b, mesh)
    np.testing.assert_allclose(np.asarray(x), ref, rtol=1e-3, atol=1e-4)
    x2, _ = minimize_quadratic(q, b, mesh, method="steepest")
    np.testing.assert_allclose(np.asarray(x2), ref, rtol=1e-2, atol=1e-3)
    x3, nrm = minimize_quadratic(q, b, mesh, validate=True)
    return nrm


if __name__ == "__main__":
    main(*inputs())
