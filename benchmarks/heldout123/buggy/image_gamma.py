"""Gamma correction of image row strips.

``shardimage.exposure.adjust_gamma`` works on full-width strips gathered
to a reduced value, so the corrected strips can be written by any column
device. ``gain`` used to be called ``scale``.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["adjust_gamma"]


def _deprecated_alias(**aliases):
    def deco(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            for old, new in aliases.items():
                if old in kwargs:
                    warnings.warn(f"{old!r} was renamed {new!r}", DeprecationWarning, stacklevel=2)
                    kwargs[new] = kwargs.pop(old)
            return func(*args, **kwargs)
        return wrapper
    return deco


def _check_gamma(gamma):
    gamma = float(gamma)
    if gamma <= 0:
        raise ValueError(f"gamma must be positive, got {gamma}")
    return gamma


@_deprecated_alias(scale="gain")
def adjust_gamma(image, mesh, *, gamma=1.0, gain=None, clip=True):
    """``gain * image ** gamma`` on full-width row strips.

    Parameters
    ----------
    image : array_like, shape (h, w)
    mesh : Mesh
        Mesh ``(rows, cols)``.
    gamma : float
    gain : float, optional
        Output gain (default 1).
    clip : bool
        Clip the input to [0, 1] first.

    Returns
    -------
    jax.Array
        Split over rows, reduced over columns.
    """
    image = np.asarray(image, dtype=np.float32)
    gamma = _check_gamma(gamma)
    if gain is None:
        gain = 1.0
    rows, cols = mesh.axis_names
    img = jax.device_put(image, NamedSharding(mesh, P(rows, cols)))

    def body(tile):
        if not clip:
            tile = jnp.abs(tile)
        strip = jax.lax.all_gather(tile, cols, axis=1, tiled=True, to="reduced")
        if clip:
            strip = jnp.clip(strip, 0.0, 1.0)
        return strip ** gamma * gain

    return jax.shard_map(body, mesh=mesh, in_specs=P(rows, cols),
                         out_specs=P(rows, None, reduced={cols}))(img)


def inputs():
    rng = np.random.default_rng(24)
    return (rng.uniform(-0.1, 1.1, size=(8, 16)).astype(np.float32),)


def main(image):
    mesh = jax.make_mesh((2, 4), ("y", "x"))
    out = adjust_gamma(image, mesh, gamma=2.2, scale=0.5)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
