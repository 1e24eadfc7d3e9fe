"""Welch power spectral density of multichannel recordings.

``shardspec.welch``: channels are split over the first mesh axis and the
segments of each channel over the second. ``keep_history=True`` also
returns the averaged spectra gathered along one role of the mesh.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["welch", "frame"]

_ROLE_INDEX = {"channel": 0, "segment": 1}


class _WelchResult:
    def __init__(self, freqs, psd, history=None):
        self.freqs = freqs
        self.psd = psd
        self.history = history

    def __repr__(self):
        return f"_WelchResult(n_freqs={self.freqs.shape[0]}, psd={tuple(self.psd.shape)})"


def _resolve_axis(mesh, role):
    try:
        return mesh.axis_names[_ROLE_INDEX[role]]
    except KeyError:
        raise ValueError(f"unknown mesh role {role!r}") from None


def frame(x, nperseg):
    """Split the last axis of ``x`` into non-overlapping segments."""
    x = np.atleast_2d(np.asarray(x, dtype=np.float32))
    nseg = x.shape[-1] // nperseg
    if nseg == 0:
        raise ValueError(f"nperseg={nperseg} is longer than the signal ({x.shape[-1]})")
    return x[..., : nseg * nperseg].reshape(x.shape[0], nseg, nperseg)


def welch(x, mesh, *, fs=1.0, nperseg=None, keep_history=False, history_role="segment"):
    """Power spectral density by averaging periodograms.

    Parameters
    ----------
    x : array_like, shape (n_channels, n_samples)
    mesh : Mesh
        Mesh ``(channels, segments)``.
    fs : float
        Sampling frequency.
    nperseg : int, optional
        Segment length (default 8).
    keep_history : bool
        Also return the PSD gathered over the mesh role ``history_role``.
    history_role : {"channel", "segment"}

    Returns
    -------
    _WelchResult
    """
    if nperseg is None:
        nperseg = 8
    segs = frame(x, nperseg)
    chan, seg = mesh.axis_names
    hist_axis = _resolve_axis(mesh, history_role)
    window = np.hanning(nperseg + 2)[1:-1].astype(np.float32)
    scale = 1.0 / (fs * np.sum(window ** 2))
    xs = jax.device_put(segs, NamedSharding(mesh, P(chan, seg, None)))

    def body(blk):
        spec = jnp.fft.rfft(blk * window, axis=-1)
        p = jnp.abs(spec) ** 2 * scale
        p = p.at[..., 1:-1].multiply(2.0)
        psd = jax.lax.pmean(jnp.mean(p, axis=1), seg)
        if not keep_history:
            return psd
        return psd, jax.lax.all_gather(psd, hist_axis, axis=0, tiled=True, to="reduced")

    specs = P(chan, None)
    if keep_history:
        specs = (specs, P(None, None, reduced={hist_axis}))
    out = jax.shard_map(body, mesh=mesh, in_specs=P(chan, seg, None), out_specs=specs)(xs)
    freqs = np.fft.rfftfreq(nperseg, 1.0 / fs)
    return _WelchResult(freqs, *out) if keep_history else _WelchResult(freqs, out)


def inputs():
    t = np.arange(64) / 16.0
    x = np.stack([np.sin(2 * np.pi * f * t) for f in (1.0, 2.0, 3.0, 4.0)]).astype(np.float32)
    return (x,)


def main(x):
    mesh = jax.make_mesh((2, 4), ("chan", "seg"))
    res = welch(x, mesh, fs=16.0)
    print(res)
    assert np.all(np.asarray(res.psd) >= 0)
    by_chan = welch(x, mesh, fs=16.0, keep_history=True, history_role="channel")
    hist = welch(x, mesh, fs=16.0, keep_history=True)
    return hist.psd


if __name__ == "__main__":
    main(*inputs())
