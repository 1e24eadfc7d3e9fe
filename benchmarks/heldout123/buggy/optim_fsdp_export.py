"""Export of fully sharded parameters, optionally keeping data parallelism.

``shardopt.checkpoint``: parameters are split over every axis of a
``(data, fsdp, tensor)`` mesh. ``export_params`` gathers them; with
``keep_data=True`` the rows stay split over ``data``.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["shard_params", "export_params"]


def _export_spec(axes, keep_data):
    if keep_data:
        return P(axes[0], None, reduced=set(axes[1:]))
    return P(None, None, reduced=set(axes))


def shard_params(w, mesh):
    """Split the rows of ``w`` over every mesh axis.

    Parameters
    ----------
    w : array_like, shape (n, d)
    mesh : Mesh

    Returns
    -------
    jax.Array
    """
    w = np.atleast_2d(np.asarray(w, dtype=np.float32))
    if w.shape[0] % mesh.size:
        raise ValueError(f"{w.shape[0]} rows do not split over {mesh.size} devices")
    return jax.device_put(w, NamedSharding(mesh, P(tuple(mesh.axis_names), None)))


def export_params(w, mesh, *, keep_data=None, replicate=None):
    """Gather sharded parameters for saving.

    Parameters
    ----------
    w : jax.Array
        Output of :func:`shard_params`.
    mesh : Mesh
    keep_data : bool, optional
        Keep the rows split over the data axis (default False).
    replicate : bool, optional
        Deprecated inverse of ``keep_data``.

    Returns
    -------
    jax.Array
    """
    if replicate is not None:
        warnings.warn("replicate= is deprecated; use keep_data=", DeprecationWarning, stacklevel=2)
        if keep_data is None:
            keep_data = not replicate
    if keep_data is None:
        keep_data = False
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, _export_spec(tuple(mesh.axis_names), keep_data))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(w):
    mesh = jax.make_mesh((2, 2, 2), ("data", "fsdp", "tensor"))
    placed = shard_params(w, mesh)
    full = export_params(placed, mesh)
    np.testing.assert_array_equal(np.asarray(full), w)
    per_data = export_params(placed, mesh, replicate=False)
    print(per_data.sharding.spec)
    return per_data


if __name__ == "__main__":
    main(*inputs())
