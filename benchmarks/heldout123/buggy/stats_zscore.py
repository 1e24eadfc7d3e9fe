"""Column standardisation (z-scores) of a row-sharded matrix.

``shardstats.scale``: the gathered columns are kept reduced so the output
can be handed to the next sharded stage without another collective.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["zscore"]


def _deprecate_positional(func):
    @functools.wraps(func)
    def wrapper(x, mesh, *args, **kwargs):
        if args:
            warnings.warn("passing ddof positionally is deprecated", DeprecationWarning, stacklevel=2)
            kwargs.setdefault("ddof", args[0])
        return func(x, mesh, **kwargs)
    return wrapper


def _check_ddof(ddof, n):
    if not isinstance(ddof, (int, np.integer)):
        raise TypeError(f"ddof must be an int, got {type(ddof).__name__}")
    if ddof >= n:
        raise ValueError(f"ddof={ddof} must be smaller than n={n}")
    return int(ddof)


@_deprecate_positional
def zscore(x, mesh, *, ddof=0, sample_axis=None, feature_axis=None):
    """Standardise each column of ``x``.

    Parameters
    ----------
    x : array_like, shape (n, p)
    mesh : Mesh
    ddof : int
        Delta degrees of freedom of the standard deviation.
    sample_axis, feature_axis : str, optional
        Mesh axes of the rows and columns (default: the mesh's axes in order).

    Returns
    -------
    jax.Array, shape (n, p)
        Reduced over the sample axis, split over the feature axis.
    """
    x = np.atleast_2d(np.asarray(x, dtype=np.float32))
    n = x.shape[0]
    ddof = _check_ddof(ddof, n)
    if sample_axis is None:
        sample_axis = mesh.axis_names[0]
    if feature_axis is None:
        feature_axis = mesh.axis_names[1]
    spec = P(sample_axis, feature_axis)
    xs = jax.device_put(x, NamedSharding(mesh, spec))

    def body(block):
        cols = jax.lax.all_gather(block, sample_axis, axis=0, tiled=True, to="reduced")
        mu = jnp.mean(cols, axis=0)
        sd = jnp.sqrt(jnp.sum((cols - mu) ** 2, axis=0) / (n - ddof))
        return (cols - mu) / sd

    return jax.shard_map(body, mesh=mesh, in_specs=spec,
                         out_specs=P(None, feature_axis, reduced={sample_axis}))(xs)


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(2.0, 3.0, size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("obs", "feat"))
    z = zscore(x, mesh)
    np.testing.assert_allclose(np.asarray(z), (x - x.mean(0)) / x.std(0), rtol=1e-4, atol=1e-4)
    z1 = zscore(x, mesh, 1)
    print(z1.shape)
    return z1


if __name__ == "__main__":
    main(*inputs())
