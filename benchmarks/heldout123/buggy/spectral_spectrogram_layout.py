"""Spectrograms in time-major or frequency-major layout.

``shardspec.spectrogram``: segments are split over the mesh; the
``"freq"`` layout transposes the result with one ``all_to_all`` so each
device holds a band of frequencies for all segments. ``return_total``
also gives the total power per frequency.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["spectrogram"]


def _time_major(p, axis_name):
    return p


def _freq_major(p, axis_name):
    return jax.lax.all_to_all(p, axis_name, split_axis=1, concat_axis=0, tiled=True)


_LAYOUTS = {"time": (_time_major, lambda ax: P(ax, None)), "freq": (_freq_major, lambda ax: P(None, ax))}


def _check_nfft(nperseg, nfft):
    if nfft is None:
        return nperseg
    if nfft < nperseg:
        raise ValueError(f"nfft={nfft} must be at least nperseg={nperseg}")
    return int(nfft)


def spectrogram(segs, mesh, *, layout="time", nfft=None, return_total=False):
    """Power spectrogram of framed data.

    Parameters
    ----------
    segs : array_like, shape (n_segments, nperseg)
    mesh : Mesh
        One-dimensional mesh the segments are split over.
    layout : {"time", "freq"}
    nfft : int, optional
        FFT length; ``nperseg`` by default.
    return_total : bool
        Also return the power summed over all segments.

    Returns
    -------
    jax.Array or tuple of jax.Array
    """
    segs = np.atleast_2d(np.asarray(segs, dtype=np.float32))
    nfft = _check_nfft(segs.shape[1], nfft)
    try:
        transform, out_spec = _LAYOUTS[layout]
    except KeyError:
        raise ValueError(f"layout must be 'time' or 'freq', got {layout!r}") from None
    (axis,) = mesh.axis_names
    xs = jax.device_put(segs, NamedSharding(mesh, P(axis, None)))

    def body(blk):
        p = jnp.abs(jnp.fft.fft(blk, n=nfft, axis=-1)) ** 2
        if return_total:
            p = jax.lax.all_gather(p, axis, axis=0, tiled=True, to="reduced")
            total = jnp.sum(p, axis=0)
            return transform(p, axis), total
        return transform(p, axis)

    specs = out_spec(axis)
    if return_total:
        specs = (specs, P(None, reduced={axis}))
    return jax.shard_map(body, mesh=mesh, in_specs=P(axis, None), out_specs=specs)(xs)


def inputs():
    rng = np.random.default_rng(32)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(segs):
    mesh = jax.make_mesh((8,), ("seg",))
    ref = np.abs(np.fft.fft(segs, axis=-1)) ** 2
    tm = spectrogram(segs, mesh)
    np.testing.assert_allclose(np.asarray(tm), ref, rtol=1e-4, atol=1e-4)
    fm = spectrogram(segs, mesh, layout="freq")
    np.testing.assert_allclose(np.asarray(fm), ref, rtol=1e-4, atol=1e-4)
    fm, total = spectrogram(segs, mesh, layout="freq", return_total=True)
    return total


if __name__ == "__main__":
    main(*inputs())
