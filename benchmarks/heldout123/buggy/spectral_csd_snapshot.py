"""Cross-spectral matrices with optional snapshots of the periodograms.

``shardspec.csd``: the per-segment spectra of all channels are gathered
(reduced over the channel axis) to form the channel-by-channel cross
spectra; snapshots of those gathered spectra can be collected for plots.
"""
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["cross_spectra"]

_SNAPSHOT_AXES = {"segments": lambda chan, seg: (seg,), "all": lambda chan, seg: (chan, seg)}


def _check_snapshot(snapshot):
    if snapshot is not None and snapshot not in _SNAPSHOT_AXES:
        raise ValueError(f"snapshot must be None or one of {sorted(_SNAPSHOT_AXES)}, got {snapshot!r}")
    return snapshot


def cross_spectra(segs, mesh, *, snapshot=None, detrend=True):
    """Cross-spectral power between every pair of channels.

    Parameters
    ----------
    segs : array_like, shape (n_channels, n_segments, nperseg)
    mesh : Mesh
        Mesh ``(channels, segments)``.
    snapshot : {None, "segments", "all"}
        Also collect the channel-gathered spectra over these axes.
    detrend : bool
        Remove each segment's mean first.

    Returns
    -------
    jax.Array or tuple of jax.Array
    """
    segs = np.asarray(segs, dtype=np.float32)
    if segs.ndim != 3:
        raise ValueError(f"segs must be 3-D, got shape {segs.shape}")
    if detrend:
        segs = segs - segs.mean(axis=-1, keepdims=True)
    snapshot = _check_snapshot(snapshot)
    chan, seg = mesh.axis_names
    n_seg = segs.shape[1]
    xs = jax.device_put(segs, NamedSharding(mesh, P(chan, seg, None)))

    def body(blk):
        mag = jnp.abs(jnp.fft.rfft(blk, axis=-1))
        every = jax.lax.all_gather(mag, chan, axis=0, tiled=True, to="reduced")
        cross = jnp.einsum("isf,jsf->ij", jax.lax.pcast(every, chan, to="varying"), mag)
        cross = jax.lax.psum(cross, seg) / n_seg
        if snapshot is None:
            return cross
        axes = _SNAPSHOT_AXES[snapshot](chan, seg)
        return cross, jax.lax.all_gather(every, axes, axis=1, tiled=True, to="reduced")

    out_specs = P(None, chan)
    if snapshot is not None:
        out_specs = (out_specs, P(None, None, None, reduced={chan, seg}))
    return jax.shard_map(body, mesh=mesh, in_specs=P(chan, seg, None), out_specs=out_specs)(xs)


def inputs():
    rng = np.random.default_rng(31)
    return (rng.normal(size=(4, 8, 8)).astype(np.float32),)


def main(segs):
    mesh = jax.make_mesh((2, 4), ("chan", "seg"))
    cross = cross_spectra(segs, mesh)
    print(cross.shape)
    cross, snap = cross_spectra(segs, mesh, snapshot="all")
    return snap


if __name__ == "__main__":
    main(*inputs())
