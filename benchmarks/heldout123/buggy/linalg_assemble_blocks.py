"""Assembly of a block-distributed matrix on every device.

``shardla.assemble`` gathers the column blocks first (kept reduced so the
gradient flows back as a sum), and for ``level="full"`` also the row blocks.
"""
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["assemble"]

_LEVELS = ("columns", "full")


def _validate_level(level):
    if level not in _LEVELS:
        raise ValueError(f"level must be one of {_LEVELS}, got {level!r}")
    return level


def _resolve_axes(axes, mesh):
    if axes is None:
        return tuple(mesh.axis_names)
    if isinstance(axes, str):
        return (axes,)
    return tuple(axes)


def _gather_columns(block, col_axis):
    return jax.lax.all_gather(block, col_axis, axis=1, tiled=True, to="reduced")


def _gather_rows(block, axes):
    return jax.lax.all_gather(block, axes, axis=0, tiled=True, to="reduced")


def assemble(a, mesh, *, level="columns", row_axes=None):
    """Gather a block-distributed matrix.

    Parameters
    ----------
    a : array_like, shape (m, n)
    mesh : Mesh
        Mesh with axes ``(rows, cols)``; ``a`` is split over both.
    level : {"columns", "full"}
        ``"columns"`` gathers each row strip, ``"full"`` the whole matrix.
    row_axes : str or tuple of str, optional
        Axes the row strips are gathered over. Default: the mesh axes.

    Returns
    -------
    jax.Array
    """
    level = _validate_level(level)
    a = np.atleast_2d(np.asarray(a, dtype=np.float32))
    rows, cols = mesh.axis_names
    row_axes = _resolve_axes(row_axes, mesh)
    spec = P(rows, cols)
    a = jax.device_put(a, NamedSharding(mesh, spec))

    def body(block):
        strip = _gather_columns(block, cols)
        if level == "columns":
            return strip
        return _gather_rows(strip, row_axes)

    if level == "columns":
        out_spec = P(rows, None, reduced={cols})
    else:
        out_spec = P(None, None, reduced={rows, cols})
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=out_spec)(a)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(a):
    mesh = jax.make_mesh((2, 4), ("row", "col"))
    strips = assemble(a, mesh)
    np.testing.assert_array_equal(np.asarray(strips), a)
    full = assemble(a, mesh, level="full")
    print(full.shape)
    return full


if __name__ == "__main__":
    main(*inputs())
