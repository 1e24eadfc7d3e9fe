"""Row intensity profiles of a tiled image.

``shardimage.measure.row_profile`` sums each image row over the column
tiles. With ``log_tiles=True`` the profile seen by every column tile is
returned as well, for checking that the tiles agree.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["row_profile"]


class _Profile:
    def __init__(self, profile, per_tile=None):
        self.profile = profile
        self.per_tile = per_tile

    def __repr__(self):
        return f"_Profile(len={self.profile.shape[0]}, logged={self.per_tile is not None})"


def _mean_reduce(block, axis_name, width):
    return jax.lax.psum(jnp.sum(block, axis=1), axis_name) / width


def _max_reduce(block, axis_name, width):
    return jax.lax.pmax(jnp.max(block, axis=1), axis_name)


_REDUCERS = {"mean": _mean_reduce, "max": _max_reduce}


def _check_image(image):
    image = np.asarray(image, dtype=np.float32)
    if image.ndim != 2:
        raise ValueError(f"row_profile expects a 2-D grayscale image, got shape {image.shape}")
    return image


def row_profile(image, mesh, *, reducer="mean", log_tiles=False, log_axis=None):
    """Profile of the image along its rows.

    Parameters
    ----------
    image : array_like, shape (h, w)
    mesh : Mesh
        Mesh ``(rows, cols)`` the image is tiled over.
    reducer : {"mean", "max"}
    log_tiles : bool
        Also return every column tile's copy of the profile.
    log_axis : str, optional
        Axis to log over. Default: the column axis of the mesh.

    Returns
    -------
    _Profile
    """
    image = _check_image(image)
    if reducer not in _REDUCERS:
        raise ValueError(f"reducer must be one of {sorted(_REDUCERS)}, got {reducer!r}")
    rows, cols = mesh.axis_names
    if log_axis is None:
        log_axis = mesh.axis_names[-1]
    reduce = functools.partial(_REDUCERS[reducer], axis_name=cols, width=image.shape[1])
    img = jax.device_put(image, NamedSharding(mesh, P(rows, cols)))

    def body(tile):
        prof = reduce(tile)
        if not log_tiles:
            return prof
        return prof, jax.lax.all_gather(prof, log_axis, to="reduced")

    if log_tiles:
        out_specs = (P(rows), P(None, rows, reduced={log_axis}))
    else:
        out_specs = P(rows)
    out = jax.shard_map(body, mesh=mesh, in_specs=P(rows, cols), out_specs=out_specs)(img)
    return _Profile(*out) if log_tiles else _Profile(out)


def inputs():
    yy, xx = np.mgrid[0:8, 0:16]
    return (np.sin(yy / 3.0) + np.cos(xx / 5.0)).astype(np.float32),


def main(image):
    mesh = jax.make_mesh((2, 4), ("y", "x"))
    mean = row_profile(image, mesh)
    np.testing.assert_allclose(mean.profile, image.mean(axis=1), rtol=1e-5)
    peak = row_profile(image, mesh, reducer="max")
    np.testing.assert_allclose(peak.profile, image.max(axis=1))
    logged = row_profile(image, mesh, log_tiles=True)
    print(logged)
    return logged.profile


if __name__ == "__main__":
    main(*inputs())
