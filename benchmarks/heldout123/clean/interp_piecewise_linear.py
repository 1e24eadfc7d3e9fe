"""Piecewise-linear interpolation against a distributed lookup table.

``shardinterp.linear``: the table is cut into overlapping segments, one per
device of the ``grid`` axis; the queries are split over the ``batch`` axis.
``coverage=True`` also reports how many queries every segment served.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["interp_linear"]


class _Interp:
    def __init__(self, values, coverage=None):
        self.values = values
        self.coverage = coverage

    def __repr__(self):
        cov = None if self.coverage is None else np.asarray(self.coverage).tolist()
        return f"_Interp(n={self.values.shape[0]}, coverage={cov})"


def _segments(a, n_seg):
    step = (a.shape[0] - 1) // n_seg
    return np.stack([a[i * step: (i + 1) * step + 1] for i in range(n_seg)])


def _check_increasing(xp):
    xp = np.asarray(xp, dtype=np.float32)
    if np.any(np.diff(xp) <= 0):
        raise ValueError("xp must be strictly increasing")
    return xp


def interp_linear(xq, xp, fp, mesh, *, coverage=False, count_axes=None):
    """Interpolate ``fp(xp)`` at the query points ``xq``.

    Parameters
    ----------
    xq : array_like, shape (m,)
        Query points inside ``[xp[0], xp[-1])``.
    xp, fp : array_like, shape (n,)
        Table abscissae and values; ``n - 1`` divisible by the grid axis.
    mesh : Mesh
        Mesh ``(batch, grid)``.
    coverage : bool
        Also return the number of queries each segment served.
    count_axes : tuple of str, optional
        Axes the query counts are summed over. Default: every mesh axis.

    Returns
    -------
    _Interp
    """
    xp = _check_increasing(xp)
    fp = np.asarray(fp, dtype=np.float32)
    xq = np.asarray(xq, dtype=np.float32)
    batch, grid = mesh.axis_names
    if count_axes is None:
        count_axes = (batch,)
    n_seg = mesh.shape[grid]
    xs = jax.device_put(_segments(xp, n_seg), NamedSharding(mesh, P(grid, None)))
    fs = jax.device_put(_segments(fp, n_seg), NamedSharding(mesh, P(grid, None)))
    q = jax.device_put(xq, NamedSharding(mesh, P(batch)))

    def body(q, xs, fs):
        xs, fs = xs[0], fs[0]
        inside = (q >= xs[0]) & (q < xs[-1])
        j = jnp.clip(jnp.searchsorted(xs, q, side="right") - 1, 0, xs.shape[0] - 2)
        t = (q - xs[j]) / (xs[j + 1] - xs[j])
        local = jnp.where(inside, fs[j] * (1 - t) + fs[j + 1] * t, 0.0)
        vals = jax.lax.psum(local, grid)
        if not coverage:
            return vals
        hits = jax.lax.psum(jnp.sum(inside.astype(jnp.int32)), count_axes)
        return vals, jax.lax.all_gather(hits, grid, to="reduced")

    specs = P(batch)
    if coverage:
        specs = (specs, P(None, reduced={grid}))
    out = jax.shard_map(body, mesh=mesh, in_specs=(P(batch), P(grid, None), P(grid, None)),
                        out_specs=specs)(q, xs, fs)
    return _Interp(*out) if coverage else _Interp(out)


def inputs():
    xp = np.linspace(0.0, 4.0, 17).astype(np.float32)
    xq = np.linspace(0.05, 3.95, 8).astype(np.float32)
    return xq, xp, np.sin(xp)


def main(xq, xp, fp):
    mesh = jax.make_mesh((2, 4), ("batch", "grid"))
    res = interp_linear(xq, xp, fp, mesh)
    np.testing.assert_allclose(np.asarray(res.values), np.interp(xq, xp, fp), rtol=1e-5, atol=1e-6)
    cov = interp_linear(xq, xp, fp, mesh, coverage=True)
    print(cov)
    return cov.values


if __name__ == "__main__":
    main(*inputs())
