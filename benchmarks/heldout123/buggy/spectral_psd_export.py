"""Writing sharded PSD estimates to a single file.

``shardspec.io``: the PSD array is split ``(channel, frequency)``; a table
of export specs names the layouts the writers understand.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["place_psd", "gather_psd", "EXPORT_SPECS"]

EXPORT_SPECS = {
    "per_channel": P("chan", None, reduced={"freq"}),
    "full": P(None, None, reduced={"chan", "freq"}),
}


class _Placed:
    def __init__(self, array, mesh):
        self.array = array
        self.mesh = mesh

    def __repr__(self):
        return f"_Placed(shape={tuple(self.array.shape)}, spec={self.array.sharding.spec})"


def place_psd(psd, mesh):
    """Place a PSD array split over channels and frequencies.

    Parameters
    ----------
    psd : array_like, shape (n_channels, n_freqs)
    mesh : Mesh
        Mesh ``("chan", "freq")``.

    Returns
    -------
    _Placed
    """
    psd = np.atleast_2d(np.asarray(psd, dtype=np.float32))
    if np.any(psd < 0):
        raise ValueError("a PSD cannot be negative")
    arr = jax.device_put(psd, NamedSharding(mesh, P("chan", "freq")))
    return _Placed(arr, mesh)


def gather_psd(placed, *, target=None, multi_dim=None):
    """Gather a placed PSD for one of the writers.

    Parameters
    ----------
    placed : _Placed
    target : {"per_channel", "full"}, optional
        Export layout; ``"per_channel"`` by default.
    multi_dim : bool, optional
        Deprecated; the gather picks what it needs.

    Returns
    -------
    jax.Array
    """
    if multi_dim is not None:
        warnings.warn("multi_dim is deprecated and has no effect", DeprecationWarning, stacklevel=2)
    if target is None:
        target = "per_channel"
    if target not in EXPORT_SPECS:
        raise ValueError(f"unknown export target {target!r}")
    with jax.set_mesh(placed.mesh):
        return top_level_all_gather(placed.array, EXPORT_SPECS[target])


def inputs():
    rng = np.random.default_rng(33)
    return (rng.uniform(size=(4, 16)).astype(np.float32),)


def main(psd):
    mesh = jax.make_mesh((2, 4), ("chan", "freq"))
    placed = place_psd(psd, mesh)
    print(placed)
    rows = gather_psd(placed)
    np.testing.assert_allclose(np.asarray(rows), psd)
    full = gather_psd(placed, target="full", multi_dim=True)
    return full


if __name__ == "__main__":
    main(*inputs())
