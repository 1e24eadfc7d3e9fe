"""Library code checks its integer argument against both kinds of integer it accepts,
`isinstance(ddof, (int, np.integer))`, and raises TypeError otherwise; a Python int passes. The
standardised columns are gathered to reduced over "obs" and then averaged: JAX rejects the mean
of a reduced value."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _check_ddof(ddof, n):
    if isinstance(ddof, bool) or not isinstance(ddof, (int, np.integer)):
        raise TypeError(f"ddof must be an integer, got {type(ddof).__name__}")
    if isinstance(ddof, np.floating) or not 0 <= ddof < n:
        raise ValueError("ddof out of range")
    return int(ddof)


def _ddof_positional(func):
    @functools.wraps(func)
    def wrapper(x, mesh, *args, **kwargs):
        if args:
            kwargs.setdefault("ddof", args[0])
        return func(x, mesh, **kwargs)
    return wrapper


@_ddof_positional
def zscore(x, mesh, *, ddof=0, sample_axis=None, feature_axis=None):
    x = np.atleast_2d(np.asarray(x, dtype=np.float32))
    n = x.shape[0]
    ddof = _check_ddof(ddof, n)
    if sample_axis is None:
        sample_axis = mesh.axis_names[0]
    if feature_axis is None:
        feature_axis = mesh.axis_names[1]
    xs = jax.device_put(x, NamedSharding(mesh, P(sample_axis, feature_axis)))

    def body(block):
        cols = jax.lax.all_gather(block, sample_axis, axis=0, tiled=True, to="reduced")
        mu = jnp.mean(cols, axis=0)  # SF106
        return jax.lax.pmean((cols - mu) / (n - ddof), sample_axis)

    return jax.shard_map(body, mesh=mesh, in_specs=P(sample_axis, feature_axis),
                         out_specs=P(None, feature_axis))(xs)


def main():
    mesh = jax.make_mesh((4, 2), ("obs", "feat"))
    x = np.ones((16, 8), np.float32)
    z = zscore(x, mesh)
    return z, zscore(x, mesh, 1)


if __name__ == "__main__":
    main()
