"""Secant slopes of sampled curves for Hermite interpolation.

``shardinterp.hermite``: each curve (a row) is split over the ``grid``
axis; the slopes need neighbouring samples, so every row is gathered to a
reduced full-length row first. ``collect=True`` returns the rows too.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["secant_slopes"]


def _collect_over(value, axes):
    return jax.lax.all_gather(value, axes, axis=0, tiled=True, to="reduced")


def _resolve_collect_axes(collect_axes, mesh):
    if collect_axes is None:
        return mesh.axis_names
    if isinstance(collect_axes, str):
        return (collect_axes,)
    unknown = set(collect_axes) - set(mesh.axis_names)
    if unknown:
        raise ValueError(f"unknown mesh axes {sorted(unknown)}")
    return tuple(collect_axes)


def secant_slopes(y, mesh, *, collect=False, collect_axes=None):
    """Differences ``y[:, i + 1] - y[:, i]`` of unit-spaced samples.

    Parameters
    ----------
    y : array_like, shape (n_curves, n_samples)
    mesh : Mesh
        Mesh ``(batch, grid)``.
    collect : bool
        Also return the full rows, collected on every device.
    collect_axes : str or tuple of str, optional
        Axes to collect the rows over. Default: every mesh axis.

    Returns
    -------
    jax.Array or tuple of jax.Array
    """
    y = np.atleast_2d(np.asarray(y, dtype=np.float32))
    batch, grid = mesh.axis_names
    collect_axes = _resolve_collect_axes(collect_axes, mesh)
    ys = jax.device_put(y, NamedSharding(mesh, P(batch, grid)))

    def body(tile):
        rows = jax.lax.all_gather(tile, grid, axis=1, tiled=True, to="reduced")
        slopes = rows[:, 1:] - rows[:, :-1]
        if not collect:
            return slopes
        return slopes, _collect_over(rows, collect_axes)

    specs = P(batch, None, reduced={grid})
    if collect:
        specs = (specs, P(None, None, reduced={batch, grid}))
    return jax.shard_map(body, mesh=mesh, in_specs=P(batch, grid), out_specs=specs)(ys)


def inputs():
    x = np.linspace(0, 1, 16, dtype=np.float32)
    return (np.stack([x ** k for k in range(1, 5)]),)


def main(y):
    mesh = jax.make_mesh((2, 4), ("batch", "grid"))
    s = secant_slopes(y, mesh)
    np.testing.assert_allclose(np.asarray(s), np.diff(y, axis=1), rtol=1e-5, atol=1e-6)
    s, rows = secant_slopes(y, mesh, collect=True)
    print(rows.shape)
    return rows


if __name__ == "__main__":
    main(*inputs())
