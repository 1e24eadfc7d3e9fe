"""Debug dumps of an image processing pipeline.

``shardimage.debug`` -- ``gradient_magnitude`` computes edge strength on full
image rows (the column tiles are gathered to a reduced row strip first);
``dump=True`` also returns the strips gathered onto every device.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["gradient_magnitude"]


def _deprecate_positional(func):
    @functools.wraps(func)
    def wrapper(image, mesh, *args, **kwargs):
        if args:
            warnings.warn("pass dump= as a keyword", DeprecationWarning, stacklevel=2)
            kwargs["dump"] = args[0]
        return func(image, mesh, **kwargs)
    return wrapper


def _row_strip(tile, col_axis):
    return jax.lax.all_gather(tile, col_axis, axis=1, tiled=True, to="reduced")


def _dump(strip, axes):
    return jax.lax.all_gather(strip, axes, axis=0, tiled=True, to="reduced")


def _horizontal_gradient(strip):
    return strip[:, 1:] - strip[:, :-1]


@_deprecate_positional
def gradient_magnitude(image, mesh, *, dump=False, dump_axes=None):
    """Forward-difference gradient magnitude along the rows of an image tiled over a 2-D mesh.

    Parameters
    ----------
    image : array_like, shape (h, w)
    mesh : Mesh
        Mesh ``(rows, cols)``.
    dump : bool
        Also return the gathered row strips.
    dump_axes : tuple of str, optional
        Axes the dump is gathered over; every mesh axis by default.

    Returns
    -------
    jax.Array or tuple of jax.Array
    """
    image = np.asarray(image, dtype=np.float32)
    if image.ndim != 2:
        raise ValueError("expected a grayscale image")
    rows, cols = mesh.axis_names
    if dump_axes is None:
        dump_axes = tuple(mesh.axis_names)
    img = jax.device_put(image, NamedSharding(mesh, P(rows, cols)))

    def body(tile):
        strip = _row_strip(tile, cols)
        mag = jnp.abs(_horizontal_gradient(strip))
        if not dump:
            return mag
        return mag, _dump(strip, dump_axes)

    out_specs = P(rows, None, reduced={cols})
    if dump:
        out_specs = (out_specs, P(None, None, reduced={rows, cols}))
    return jax.shard_map(body, mesh=mesh, in_specs=P(rows, cols), out_specs=out_specs)(img)


def inputs():
    rng = np.random.default_rng(20)
    return (rng.uniform(size=(8, 16)).astype(np.float32),)


def main(image):
    mesh = jax.make_mesh((2, 4), ("y", "x"))
    mag = gradient_magnitude(image, mesh)
    np.testing.assert_allclose(np.asarray(mag), np.abs(np.diff(image, axis=1)), rtol=1e-6)
    mag, strips = gradient_magnitude(image, mesh, True)
    return strips


if __name__ == "__main__":
    main(*inputs())
