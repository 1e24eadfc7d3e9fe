"""Soft (fuzzy) cluster responsibilities with centres gathered to reduced.

``shardcluster.gmm.responsibilities``: the centres are split over the
mesh and gathered so that each device scores its points against all of
them. ``temperature`` scales the negative squared distances.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["responsibilities"]


def _deprecate_beta(func):
    @functools.wraps(func)
    def wrapper(*args, beta=None, **kwargs):
        if beta is not None:
            warnings.warn("beta= is deprecated; pass temperature=1/beta", DeprecationWarning, stacklevel=2)
            kwargs["temperature"] = 1.0 / beta
        return func(*args, **kwargs)
    return wrapper


@_deprecate_beta
def responsibilities(x, centers, mesh, *, temperature=None):
    """Softmax over clusters of ``-|x - c|^2 / temperature``.

    Parameters
    ----------
    x : array_like, shape (n, d)
        Replicated points.
    centers : array_like, shape (k, d)
        Centres, split over the mesh.
    mesh : Mesh
    temperature : float, optional
        Default 1.

    Returns
    -------
    jax.Array, shape (n, k)
    """
    x = np.atleast_2d(np.asarray(x, dtype=np.float32))
    if temperature is None:
        temperature = 1.0
    if temperature <= 0:
        raise ValueError("temperature must be positive")
    (axis,) = mesh.axis_names
    cs = jax.device_put(np.asarray(centers, np.float32), NamedSharding(mesh, P(axis, None)))

    def body(cb):
        d2 = jnp.sum(cb * cb, axis=1)[None, :] - 2.0 * x @ cb.T
        d2 = jax.lax.all_gather(d2, axis, axis=1, tiled=True, to="reduced")
        return jax.nn.softmax(-d2 / temperature, axis=1)

    return jax.shard_map(body, mesh=mesh, in_specs=P(axis, None),
                         out_specs=P(None, None, reduced={axis}))(cs)


def inputs():
    rng = np.random.default_rng(65)
    return rng.normal(size=(4, 3)).astype(np.float32), rng.normal(size=(8, 3)).astype(np.float32)


def main(x, centers):
    mesh = jax.make_mesh((8,), ("k",))
    return responsibilities(x, centers, mesh, beta=2.0)


if __name__ == "__main__":
    main(*inputs())
