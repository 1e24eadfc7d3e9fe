"""Export of distributed factor matrices in a chosen layout.

``shardla.io``: factors live split over both mesh axes on their rows;
``export_factor`` gathers them into one of the named export layouts.
"""
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["place_factor", "export_factor", "EXPORT_LAYOUTS"]

EXPORT_LAYOUTS = {
    "replicated": P(None, None, reduced={"row", "col"}),
    "by_col": P("col", None),
    "by_row": P("row", None),
}


def _check_layout(layout):
    if isinstance(layout, P):
        return layout
    try:
        return EXPORT_LAYOUTS[layout]
    except KeyError:
        raise ValueError(f"layout must be a PartitionSpec or one of {sorted(EXPORT_LAYOUTS)}") from None


def place_factor(f, mesh):
    """Place a factor matrix with its rows split over every mesh axis.

    Parameters
    ----------
    f : array_like, shape (m, k)
    mesh : Mesh

    Returns
    -------
    jax.Array
    """
    f = np.atleast_2d(np.asarray(f, dtype=np.float32))
    if f.shape[0] % mesh.size:
        raise ValueError(f"{f.shape[0]} rows cannot be split over {mesh.size} devices")
    return jax.device_put(f, NamedSharding(mesh, P(tuple(mesh.axis_names), None)))


def export_factor(f, *, layout=None, fmt=None):
    """Gather a placed factor into an export layout.

    Parameters
    ----------
    f : jax.Array
        Output of :func:`place_factor`.
    layout : str or PartitionSpec, optional
        Export layout; ``"by_col"`` when omitted.
    fmt : str, optional
        Deprecated and ignored.

    Returns
    -------
    jax.Array
    """
    if fmt is not None:
        warnings.warn("fmt= is deprecated and ignored", DeprecationWarning, stacklevel=2)
    if layout is None:
        layout = "by_col"
    spec = _check_layout(layout)
    return top_level_all_gather(f, spec)


def inputs():
    rng = np.random.default_rng(12)
    q, _ = np.linalg.qr(rng.normal(size=(16, 4)))
    return (q.astype(np.float32),)


def main(q):
    mesh = jax.make_mesh((2, 4), ("row", "col"))
    f = place_factor(q, mesh)
    with jax.set_mesh(mesh):
        rep = export_factor(f, layout="replicated")
        np.testing.assert_allclose(np.asarray(rep), q, rtol=1e-6)
        by_col = export_factor(f, fmt="npz")
        print(by_col.sharding.spec)
    return by_col


if __name__ == "__main__":
    main(*inputs())
