"""Histogram equalisation of a tiled grayscale image.

``shardimage.exposure.equalize``: ``scope="strip"`` equalises each row
strip on its own, ``scope="global"`` uses the histogram of the whole image
(pooled over ``pool_axes``, every mesh axis by default).
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["equalize"]


def _strip_counts(counts, rows, cols, pool_axes):
    return jax.lax.psum(counts, cols)


def _global_counts(counts, rows, cols, pool_axes):
    strip = jax.lax.psum(counts, cols)
    return jax.lax.psum(strip, rows)


_SCOPES = {"strip": _strip_counts, "global": _global_counts}


def _validate_nbins(nbins):
    if not isinstance(nbins, int) or nbins < 2:
        raise ValueError(f"nbins must be an int >= 2, got {nbins!r}")
    return nbins


def equalize(image, mesh, *, nbins=None, scope="strip", pool_axes=None):
    """Equalise the histogram of an image with values in [0, 1).

    Parameters
    ----------
    image : array_like, shape (h, w)
    mesh : Mesh
        Mesh ``(rows, cols)``.
    nbins : int, optional
        Number of histogram bins (default 16).
    scope : {"strip", "global"}
    pool_axes : tuple of str, optional
        Axes the global histogram is pooled over.

    Returns
    -------
    jax.Array
    """
    image = np.clip(np.asarray(image, dtype=np.float32), 0.0, 0.999)
    nbins = _validate_nbins(16 if nbins is None else nbins)
    if scope not in _SCOPES:
        raise ValueError(f"scope must be 'strip' or 'global', got {scope!r}")
    rows, cols = mesh.axis_names
    if pool_axes is None:
        pool_axes = (rows, cols)
    count = _SCOPES[scope]
    img = jax.device_put(image, NamedSharding(mesh, P(rows, cols)))

    def body(tile):
        idx = (tile * nbins).astype(jnp.int32)
        counts = jnp.sum(jax.nn.one_hot(idx, nbins), axis=(0, 1))
        hist = count(counts, rows, cols, pool_axes)
        cdf = jnp.cumsum(hist) / jnp.sum(hist)
        return cdf[idx]

    return jax.shard_map(body, mesh=mesh, in_specs=P(rows, cols), out_specs=P(rows, cols))(img)


def _reference_strip(image, nbins, n_strips):
    out = np.empty_like(image)
    for s in np.split(np.arange(image.shape[0]), n_strips):
        idx = (image[s] * nbins).astype(int)
        cdf = np.cumsum(np.bincount(idx.ravel(), minlength=nbins)) / idx.size
        out[s] = cdf[idx]
    return out


def inputs():
    rng = np.random.default_rng(23)
    return (rng.beta(2.0, 5.0, size=(8, 16)).astype(np.float32),)


def main(image):
    mesh = jax.make_mesh((2, 4), ("y", "x"))
    strip = equalize(image, mesh)
    np.testing.assert_allclose(np.asarray(strip), _reference_strip(image, 16, 2), rtol=1e-5)
    glob = equalize(image, mesh, scope="global", nbins=8)
    print(glob.shape)
    return glob


if __name__ == "__main__":
    main(*inputs())
