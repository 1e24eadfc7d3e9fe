"""Weighted column means with globally or locally normalised weights.

``shardstats.weighted`` -- the weights are sharded like the rows of the data.
The effective sample size is computed from the gathered weights.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["weighted_mean", "WeightedResult"]


class WeightedResult:
    def __init__(self, mean, ess):
        self.mean = mean
        self.ess = ess

    def __repr__(self):
        return f"WeightedResult(mean={np.asarray(self.mean).round(3)}, ess={float(self.ess):.2f})"


def _normalise_global(w, axis_name):
    return w / jnp.sum(w)


def _normalise_none(w, axis_name):
    return w


_NORMALISERS = {"global": _normalise_global, "none": _normalise_none}


def _check_weights(w, n):
    w = np.asarray(w, dtype=np.float32)
    if w.shape != (n,):
        raise ValueError(f"weights must have shape ({n},), got {w.shape}")
    if np.any(w < 0):
        raise ValueError("weights must be non-negative")
    return w


def weighted_mean(x, mesh, weights=None, *, sample_axis=None, normalise="global"):
    """Weighted mean of the columns of ``x``.

    Parameters
    ----------
    x : array_like, shape (n, p)
    mesh : Mesh
    weights : array_like, shape (n,), optional
        Non-negative sample weights; uniform when omitted.
    sample_axis : str, optional
        Mesh axis the rows are split over (default: the first axis).
    normalise : {"global", "none"}
        How the weights are normalised before averaging.

    Returns
    -------
    WeightedResult
    """
    x = np.atleast_2d(np.asarray(x, dtype=np.float32))
    n = x.shape[0]
    if weights is None:
        weights = np.ones(n, np.float32)
    weights = _check_weights(weights, n)
    if normalise not in _NORMALISERS:
        raise ValueError(f"unknown normalise={normalise!r}")
    if sample_axis is None:
        sample_axis = mesh.axis_names[0]
    norm = _NORMALISERS[normalise]
    xs = jax.device_put(x, NamedSharding(mesh, P(sample_axis, None)))
    ws = jax.device_put(weights, NamedSharding(mesh, P(sample_axis)))

    def body(xb, wb):
        w_all = jax.lax.all_gather(wb, sample_axis, tiled=True, to="reduced")
        ess = jnp.sum(w_all) ** 2 / jnp.sum(w_all ** 2)
        wn = norm(w_all, sample_axis)
        mean = jax.lax.psum(wb @ xb, sample_axis) / jax.lax.psum(jnp.sum(wb), sample_axis)
        return mean, ess, wn

    mean, ess, _ = jax.shard_map(
        body, mesh=mesh, in_specs=(P(sample_axis, None), P(sample_axis)),
        out_specs=(P(None), P(), P(None, reduced={sample_axis})))(xs, ws)
    return WeightedResult(mean, ess)


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.uniform(0.5, 2.0, 16).astype(np.float32)


def main(x, w):
    mesh = jax.make_mesh((4, 2), ("obs", "feat"))
    uniform = weighted_mean(x, mesh, normalise="none")
    print(uniform)
    res = weighted_mean(x, mesh, w, sample_axis="obs")
    print(res)
    np.testing.assert_allclose(res.mean, np.average(x, axis=0, weights=w), rtol=1e-5, atol=1e-5)
    return res.mean


if __name__ == "__main__":
    main(*inputs())
