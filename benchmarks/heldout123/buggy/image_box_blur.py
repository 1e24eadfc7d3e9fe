"""Separable box blur of a column-tiled image with halo exchange.

``shardimage.filters.box_blur``: every device holds a vertical strip; the
neighbouring columns are exchanged with ``ppermute`` according to the
boundary mode. ``normalize=True`` rescales the image by its peak first.
"""
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["box_blur"]


def _ring(n, shift):
    return [(i, (i + shift) % n) for i in range(n)]


def _halo_wrap(x, axis_name, n):
    from_left = jax.lax.ppermute(x[:, -1:], axis_name, _ring(n, 1))
    from_right = jax.lax.ppermute(x[:, :1], axis_name, _ring(n, -1))
    return from_left, from_right


def _halo_nearest(x, axis_name, n):
    idx = jax.lax.axis_index(axis_name)
    from_left, from_right = _halo_wrap(x, axis_name, n)
    from_left = jnp.where(idx == 0, x[:, :1], from_left)
    from_right = jnp.where(idx == n - 1, x[:, -1:], from_right)
    return from_left, from_right


_BOUNDARY = {"wrap": _halo_wrap, "nearest": _halo_nearest}


def _check_mode(mode):
    if mode not in _BOUNDARY:
        raise ValueError(f"mode={mode!r} is not supported; use one of {sorted(_BOUNDARY)}")
    return mode


def box_blur(image, mesh, *, mode="nearest", normalize=False):
    """Three-tap horizontal box blur.

    Parameters
    ----------
    image : array_like, shape (h, w)
    mesh : Mesh
        One-dimensional mesh over the image columns.
    mode : {"nearest", "wrap"}
        Boundary handling at the image edges.
    normalize : bool
        Divide by the peak absolute value of the image first.

    Returns
    -------
    jax.Array
    """
    image = np.asarray(image, dtype=np.float32)
    if image.ndim != 2:
        raise ValueError(f"expected a 2-D image, got ndim={image.ndim}")
    halo = _BOUNDARY[_check_mode(mode)]
    (cols,) = mesh.axis_names
    n = mesh.shape[cols]
    img = jax.device_put(image, NamedSharding(mesh, P(None, cols)))

    def body(tile):
        src = tile
        if normalize:
            src = jax.lax.all_gather(tile, cols, axis=1, tiled=True, to="reduced")
            tile = tile / jnp.max(jnp.abs(src))
        left, right = halo(src, cols, n)
        padded = jnp.concatenate([left, tile, right], axis=1)
        return (padded[:, :-2] + padded[:, 1:-1] + padded[:, 2:]) / 3.0

    return jax.shard_map(body, mesh=mesh, in_specs=P(None, cols), out_specs=P(None, cols))(img)


def _reference(image, mode):
    pad = "wrap" if mode == "wrap" else "edge"
    p = np.pad(image, ((0, 0), (1, 1)), mode=pad)
    return (p[:, :-2] + p[:, 1:-1] + p[:, 2:]) / 3.0


def inputs():
    rng = np.random.default_rng(21)
    return (rng.normal(size=(4, 16)).astype(np.float32),)


def main(image):
    mesh = jax.make_mesh((8,), ("x",))
    for mode in ("nearest", "wrap"):
        out = box_blur(image, mesh, mode=mode)
        np.testing.assert_allclose(np.asarray(out), _reference(image, mode), rtol=1e-5, atol=1e-6)
    scaled = box_blur(image, mesh, normalize=True)
    print(scaled.shape)
    return scaled


if __name__ == "__main__":
    main(*inputs())
