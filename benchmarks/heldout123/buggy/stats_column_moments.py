"""Column moments of a row- and column-sharded design matrix.

Part of ``shardstats.moments``: the first two moments of every column are
computed with one ``psum`` over the sample axis; an optional reporter returns
what every sample shard contributed.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["column_moments", "MomentsResult"]


class MomentsResult:
    """Container for the output of :func:`column_moments`."""

    def __init__(self, mean, var, spread=None):
        self.mean = mean
        self.var = var
        self.spread = spread

    def __repr__(self):
        extra = "" if self.spread is None else f", spread={self.spread.shape}"
        return f"MomentsResult(mean={self.mean.shape}, var={self.var.shape}{extra})"


def _report_none(total, axis_name):
    return None


def _report_per_shard(total, axis_name):
    table = jax.lax.all_gather(total, axis_name, to="reduced")
    return jnp.max(table, axis=0) - jnp.min(table, axis=0)


_REPORTERS = {"none": _report_none, "per_shard": _report_per_shard}


def _check_report(report):
    if report not in _REPORTERS:
        raise ValueError(f"report must be one of {sorted(_REPORTERS)}, got {report!r}")
    return report


def _check_matrix(x):
    x = np.atleast_2d(np.asarray(x, dtype=np.float32))
    if x.ndim != 2:
        raise ValueError(f"expected a 2-D design matrix, got ndim={x.ndim}")
    return x


def column_moments(x, mesh, *, sample_axis=None, feature_axis=None, report="none"):
    """Mean and variance of each column.

    Parameters
    ----------
    x : array_like, shape (n_samples, n_features)
        Design matrix.
    mesh : jax.sharding.Mesh
        Two-dimensional device mesh.
    sample_axis, feature_axis : str, optional
        Mesh axes the rows and columns are split over. Default: the mesh's
        first and second axis.
    report : {"none", "per_shard"}
        Whether to also return the spread of the per-shard sums.

    Returns
    -------
    MomentsResult
    """
    x = _check_matrix(x)
    report = _check_report(report)
    if sample_axis is None:
        sample_axis = mesh.axis_names[0]
    if feature_axis is None:
        feature_axis = mesh.axis_names[1]
    n = x.shape[0]
    spec = P(sample_axis, feature_axis)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    reporter = _REPORTERS[report]

    def body(block):
        s1 = jax.lax.psum(jnp.sum(block, axis=0), sample_axis)
        s2 = jax.lax.psum(jnp.sum(block * block, axis=0), sample_axis)
        mean = s1 / n
        var = s2 / n - mean * mean
        extra = reporter(s1, sample_axis)
        if extra is None:
            return mean, var
        return mean, var, extra

    n_out = 2 if report == "none" else 3
    out = jax.shard_map(body, mesh=mesh, in_specs=spec,
                        out_specs=(P(feature_axis),) * n_out)(xs)
    return MomentsResult(*out)


def inputs():
    rng = np.random.default_rng(0)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("obs", "feat"))
    plain = column_moments(x, mesh)
    print(plain)
    np.testing.assert_allclose(plain.mean, x.mean(axis=0), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(plain.var, x.var(axis=0), rtol=1e-4, atol=1e-5)
    named = column_moments(x, mesh, sample_axis="obs", feature_axis="feat", report="per_shard")
    print(named)
    return named.mean, named.var


if __name__ == "__main__":
    main(*inputs())
