"""Periodogram scaling (linear, dB) on segment-gathered spectra.

``shardspec.periodogram``: the spectra of every segment are gathered to a
reduced value so that each channel device can plot them; the ``scaling``
method is looked up in ``_SCALINGS``.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["periodogram"]

_SCALINGS = {
    "linear": lambda p: p,
    "db": lambda p: 10.0 * jnp.log10(p),
}


def _deprecate_positional_fs(func):
    @functools.wraps(func)
    def wrapper(segs, mesh, *args, **kwargs):
        if args:
            warnings.warn("fs should be passed as a keyword", DeprecationWarning, stacklevel=2)
            kwargs["fs"] = args[0]
        return func(segs, mesh, **kwargs)
    return wrapper


def _check_scaling(scaling):
    if scaling not in _SCALINGS:
        raise ValueError(f"scaling must be one of {sorted(_SCALINGS)}, got {scaling!r}")
    return _SCALINGS[scaling]


@_deprecate_positional_fs
def periodogram(segs, mesh, *, fs=1.0, scaling=None):
    """One-sided periodogram of every segment.

    Parameters
    ----------
    segs : array_like, shape (n_channels, n_segments, nperseg)
    mesh : Mesh
        Mesh ``(channels, segments)``.
    fs : float
        Sampling frequency; the spectra are divided by ``fs * nperseg``
        before the gather.
    scaling : {"linear", "db"}, optional
        Output scaling, linear when omitted.

    Returns
    -------
    jax.Array, shape (n_channels, n_segments, nperseg // 2 + 1)
    """
    segs = np.asarray(segs, dtype=np.float32)
    if scaling is None:
        scaling = "linear"
    scale = _check_scaling(scaling)
    norm = 1.0 / (fs * segs.shape[-1])
    chan, seg = mesh.axis_names
    xs = jax.device_put(segs, NamedSharding(mesh, P(chan, seg, None)))

    def body(blk):
        p = jnp.abs(jnp.fft.rfft(blk, axis=-1)) ** 2 * norm
        p = jax.lax.all_gather(p, seg, axis=1, tiled=True, to="reduced")
        return scale(p)

    return jax.shard_map(body, mesh=mesh, in_specs=P(chan, seg, None),
                         out_specs=P(chan, None, None, reduced={seg}))(xs)


def inputs():
    rng = np.random.default_rng(35)
    return (rng.normal(size=(4, 8, 8)).astype(np.float32),)


def main(segs):
    mesh = jax.make_mesh((2, 4), ("chan", "seg"))
    lin = periodogram(segs, mesh, 2.0)
    ref = np.abs(np.fft.rfft(segs, axis=-1)) ** 2 / (2.0 * 8)
    np.testing.assert_allclose(np.asarray(lin), ref, rtol=1e-4, atol=1e-5)
    db = periodogram(segs, mesh, fs=2.0, scaling="db")
    return db


if __name__ == "__main__":
    main(*inputs())
