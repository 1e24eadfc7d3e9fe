"""Saving spline knot tables that live split over a mesh axis.

``shardinterp.io``: a knot table is placed with its knots split over one
mesh axis (``knot_axis``, the last one by default) and gathered back into a
replicated array for saving. ``axis=`` is the deprecated spelling of
``knot_axis=``.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["KnotTable", "place_knots", "save_spec"]


class KnotTable:
    """A placed knot table and the mesh axis its knots are split over."""

    def __init__(self, values, knot_axis):
        self.values = values
        self.knot_axis = knot_axis

    def __repr__(self):
        return f"KnotTable(shape={tuple(self.values.shape)}, knot_axis={self.knot_axis!r})"


def _deprecated_axis_kw(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        if "axis" in kwargs:
            warnings.warn("axis= is deprecated; use knot_axis=", DeprecationWarning, stacklevel=2)
            kwargs["knot_axis"] = kwargs.pop("axis")
        return func(*args, **kwargs)
    return wrapper


@_deprecated_axis_kw
def place_knots(knots, mesh, *, knot_axis=None):
    """Place a ``(n_knots, order)`` table with the knots split over ``knot_axis``.

    Parameters
    ----------
    knots : array_like, shape (n_knots, order)
    mesh : Mesh
    knot_axis : str, optional
        Default: the last mesh axis.

    Returns
    -------
    KnotTable
    """
    knots = np.atleast_2d(np.asarray(knots, dtype=np.float32))
    if knot_axis is None:
        knot_axis = mesh.axis_names[-1]
    if knots.shape[0] % mesh.shape[knot_axis]:
        raise ValueError(f"{knots.shape[0]} knots do not split over {knot_axis!r}")
    return KnotTable(jax.device_put(knots, NamedSharding(mesh, P(knot_axis, None))), knot_axis)


@_deprecated_axis_kw
def save_spec(mesh, *, knot_axis=None):
    """The replicated spec a knot table is gathered to before saving."""
    if knot_axis is None:
        knot_axis = mesh.axis_names[0]
    return P(None, None, reduced={knot_axis})


def inputs():
    t = np.linspace(0.0, 1.0, 8, dtype=np.float32)
    return (np.stack([t, t ** 2, t ** 3, np.ones_like(t)], axis=1),)


def main(knots):
    mesh = jax.make_mesh((2, 4), ("batch", "grid"))
    with jax.set_mesh(mesh):
        by_batch = place_knots(knots, mesh, axis="batch")
        saved = top_level_all_gather(by_batch.values, save_spec(mesh, axis="batch"))
        np.testing.assert_allclose(np.asarray(saved), knots)
        table = place_knots(knots, mesh)
        print(table)
        out = top_level_all_gather(table.values, save_spec(mesh))
    return out


if __name__ == "__main__":
    main(*inputs())
