"""Channel-summed spectra scattered in frequency bands over all devices.

``shardspec.bands``: after averaging the periodograms of each channel over
its segments, the spectra are summed over the channels and the frequency
bins are reduce-scattered so that every device owns one band.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["band_power"]


def _tuple_axes(func):
    @functools.wraps(func)
    def wrapper(segs, mesh, *args, band_axes=None, **kwargs):
        if band_axes is None:
            band_axes = (mesh.axis_names[0],)
        elif isinstance(band_axes, str):
            band_axes = (band_axes,)
        return func(segs, mesh, *args, band_axes=band_axes, **kwargs)
    return wrapper


def _check_bins(nbins, n_dev):
    if nbins % n_dev:
        raise ValueError(f"{nbins} frequency bins cannot be split into {n_dev} bands")


@_tuple_axes
def band_power(segs, mesh, *, band_axes, window="hann"):
    """Summed power per frequency band.

    Parameters
    ----------
    segs : array_like, shape (n_channels, n_segments, nperseg)
    mesh : Mesh
        Mesh ``(channels, segments)``.
    band_axes : str or tuple of str, optional
        Axes the bands are scattered over (default: every mesh axis).
    window : {"hann", "boxcar"}

    Returns
    -------
    jax.Array, shape (nperseg,)
    """
    segs = np.asarray(segs, dtype=np.float32)
    nperseg = segs.shape[-1]
    win = {"hann": np.hanning(nperseg), "boxcar": np.ones(nperseg)}[window].astype(np.float32)
    n_dev = int(np.prod([mesh.shape[a] for a in band_axes]))
    _check_bins(nperseg, n_dev)
    chan, seg = mesh.axis_names
    xs = jax.device_put(segs * win, NamedSharding(mesh, P(chan, seg, None)))

    def body(blk):
        p = jnp.abs(jnp.fft.fft(blk, axis=-1)) ** 2
        avg = jax.lax.pmean(jnp.mean(p, axis=1), seg)
        per_chan = jnp.sum(avg, axis=0)
        return jax.lax.psum_scatter(per_chan, band_axes, scatter_dimension=0, tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P(chan, seg, None),
                         out_specs=P(band_axes))(xs)


def inputs():
    rng = np.random.default_rng(34)
    return (rng.normal(size=(4, 8, 8)).astype(np.float32),)


def main(segs):
    mesh = jax.make_mesh((2, 4), ("chan", "seg"))
    ref = (np.abs(np.fft.fft(segs, axis=-1)) ** 2).mean(axis=1).sum(axis=0)
    bands = band_power(segs, mesh, band_axes="chan", window="boxcar")
    np.testing.assert_allclose(np.asarray(bands), ref, rtol=1e-4)
    everywhere = band_power(segs, mesh)
    print(everywhere.shape)
    return everywhere


if __name__ == "__main__":
    main(*inputs())
