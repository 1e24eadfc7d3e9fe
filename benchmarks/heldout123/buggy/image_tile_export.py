"""Reassembly of processed image tiles for writing to disk.

``shardimage.io.export_tiles`` turns a tiled image into the layout the
writer expects. ``out_layout=`` replaced the old ``sharding=`` keyword.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["tile_image", "export_tiles"]


def _renamed(old, new):
    def deco(func):
        @functools.wraps(func)
        def inner(*args, **kwargs):
            if old in kwargs:
                warnings.warn(f"{old}= is deprecated, use {new}=", DeprecationWarning, stacklevel=2)
                kwargs[new] = kwargs.pop(old)
            return func(*args, **kwargs)
        return inner
    return deco


def tile_image(image, mesh):
    """Split an image into ``(rows, cols)`` tiles over ``mesh``.

    Parameters
    ----------
    image : array_like, shape (h, w)
    mesh : Mesh

    Returns
    -------
    jax.Array
    """
    image = np.asarray(image, dtype=np.float32)
    h, w = image.shape
    rows, cols = mesh.axis_names
    if h % mesh.shape[rows] or w % mesh.shape[cols]:
        raise ValueError(f"image of shape {image.shape} does not tile a {dict(mesh.shape)} mesh")
    return jax.device_put(image, NamedSharding(mesh, P(rows, cols)))


@_renamed("sharding", "out_layout")
def export_tiles(tiles, *, out_layout=None):
    """Gather the row tiles of every column strip.

    Parameters
    ----------
    tiles : jax.Array
        Output of :func:`tile_image`.
    out_layout : PartitionSpec, optional
        Layout of the result; column strips by default.

    Returns
    -------
    jax.Array
    """
    if out_layout is None:
        rows, cols = tiles.sharding.spec
        out_layout = P(None, cols, reduced={rows})
    return top_level_all_gather(tiles, out_layout)


def _invert(tiles):
    return 1.0 - tiles


def inputs():
    rng = np.random.default_rng(22)
    return (rng.uniform(size=(8, 16)).astype(np.float32),)


def main(image):
    mesh = jax.make_mesh((2, 4), ("y", "x"))
    tiles = tile_image(image, mesh)
    with jax.set_mesh(mesh):
        strips = export_tiles(tiles)
        np.testing.assert_allclose(np.asarray(strips), image)
        inverted = jax.jit(_invert)(tiles)
    again = export_tiles(inverted, sharding=P(None, "x", reduced={"y"}))
    print(again.sharding.spec)
    return again


if __name__ == "__main__":
    main(*inputs())
