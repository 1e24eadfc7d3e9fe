"""Pooled within-group variance of a feature-sharded matrix.

``shardstats.anova``: each row is one observation; the row's squared norm
is first summed over the feature shards, then pooled over the requested
axes (default: every mesh axis).
"""
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["pooled_variance"]


class _Pooled:
    def __init__(self, value, dof):
        self.value = value
        self.dof = dof

    def __repr__(self):
        return f"_Pooled(value={float(self.value):.4f}, dof={self.dof})"


def _validate_groups(groups, n):
    groups = np.asarray(groups)
    if groups.shape != (n,):
        raise ValueError(f"groups must have shape ({n},), got {groups.shape}")
    return groups.astype(np.int32)


def _centre_by_group(x, groups):
    out = np.empty_like(x)
    for g in np.unique(groups):
        sel = groups == g
        out[sel] = x[sel] - x[sel].mean(axis=0)
    return out


def pooled_variance(x, groups, mesh, *, pool_axes=None, ddof=None):
    """Pooled variance of ``x`` after removing each group's mean.

    Parameters
    ----------
    x : array_like, shape (n, p)
    groups : array_like of int, shape (n,)
    mesh : Mesh
    pool_axes : str or tuple of str, optional
        Mesh axes to pool the squared row norms over. Default: every axis.
    ddof : int, optional
        Degrees of freedom removed; default: the number of groups.

    Returns
    -------
    _Pooled
    """
    x = np.atleast_2d(np.asarray(x, dtype=np.float32))
    groups = _validate_groups(groups, x.shape[0])
    if ddof is None:
        ddof = len(np.unique(groups))
    if pool_axes is None:
        pool_axes = mesh.axis_names[0]
    rows, cols = mesh.axis_names
    resid = _centre_by_group(x, groups)
    xs = jax.device_put(resid, NamedSharding(mesh, P(rows, cols)))
    dof = (x.shape[0] - ddof) * x.shape[1]

    def body(block):
        row_sq = jax.lax.psum(jnp.sum(block * block, axis=1), cols)
        return jax.lax.psum(jnp.sum(row_sq), pool_axes) / dof

    value = jax.shard_map(body, mesh=mesh, in_specs=P(rows, cols), out_specs=P())(xs)
    return _Pooled(value, dof)


def inputs():
    rng = np.random.default_rng(4)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    groups = np.repeat(np.arange(4), 4)
    return x, groups


def main(x, groups):
    mesh = jax.make_mesh((4, 2), ("obs", "feat"))
    rows_only = pooled_variance(x, groups, mesh, pool_axes="obs")
    print(rows_only)
    ref = (_centre_by_group(x, groups) ** 2).sum() / ((16 - 4) * 8)
    np.testing.assert_allclose(rows_only.value, ref, rtol=1e-5)
    everything = pooled_variance(x, groups, mesh)
    print(everything)
    return everything.value


if __name__ == "__main__":
    main(*inputs())
