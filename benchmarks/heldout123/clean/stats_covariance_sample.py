"""Sample covariance of a sharded design matrix, with an optional row sample.

``shardstats.covariance`` gathers the feature blocks of each row shard to a
reduced full-width block, forms the local Gram matrix, and sums it over the
sample axis. ``keep_sample`` also returns the first rows of each shard.
"""
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["covariance"]


class _CovResult:
    def __init__(self, cov, sample=None):
        self.cov = cov
        self.sample = sample

    def __repr__(self):
        return f"_CovResult(cov={tuple(self.cov.shape)}, sample={self.sample is not None})"


def _validate_rows(keep_rows, n_local):
    if keep_rows is None:
        return 0
    keep_rows = int(keep_rows)
    if not 0 <= keep_rows <= n_local:
        raise ValueError(f"keep_rows must lie in [0, {n_local}], got {keep_rows}")
    return keep_rows


def _collect(arr, axes):
    return jax.lax.all_gather(arr, axes, axis=0, tiled=True, to="reduced")


def covariance(x, mesh, *, keep_rows=None, collect_axes=None, bias=False):
    """Covariance matrix of the columns of ``x``.

    Parameters
    ----------
    x : array_like, shape (n, p)
    mesh : Mesh
        Mesh with axes ``(samples, features)``.
    keep_rows : int, optional
        Number of leading rows of every shard to return as well.
    collect_axes : tuple of str, optional
        Axes to collect the kept rows over. Default: every mesh axis.
    bias : bool
        Divide by ``n`` instead of ``n - 1``.

    Returns
    -------
    _CovResult
    """
    x = np.atleast_2d(np.asarray(x, dtype=np.float32))
    n, p = x.shape
    rows, cols = mesh.axis_names
    n_local = n // mesh.shape[rows]
    keep_rows = _validate_rows(keep_rows, n_local)
    if collect_axes is None:
        collect_axes = (rows,)
    denom = n if bias else n - 1
    xs = jax.device_put(x - x.mean(axis=0), NamedSharding(mesh, P(rows, cols)))

    def body(block):
        full = jax.lax.all_gather(block, cols, axis=1, tiled=True, to="reduced")
        gram = jax.lax.psum(block.T @ full, rows) / denom
        if not keep_rows:
            return gram
        return gram, _collect(full[:keep_rows], collect_axes)

    out_specs = P(cols, None)
    if keep_rows:
        out_specs = (out_specs, P(None, None, reduced={*mesh.axis_names}))
    out = jax.shard_map(body, mesh=mesh, in_specs=P(rows, cols), out_specs=out_specs)(xs)
    return _CovResult(*out) if keep_rows else _CovResult(out)


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("obs", "feat"))
    res = covariance(x, mesh)
    print(res)
    np.testing.assert_allclose(res.cov, np.cov(x, rowvar=False), rtol=1e-4, atol=1e-4)
    biased = covariance(x, mesh, bias=True)
    np.testing.assert_allclose(biased.cov, np.cov(x, rowvar=False, bias=True), rtol=1e-4, atol=1e-4)
    with_rows = covariance(x, mesh, keep_rows=2)
    print(with_rows)
    return with_rows.cov, with_rows.sample


if __name__ == "__main__":
    main(*inputs())
