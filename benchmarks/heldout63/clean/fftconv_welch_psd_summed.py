"""Welch PSD: periodograms of tapered segments are averaged, then the frequency bins are scattered."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Welch:
    segment_axis = "seg"
    channel_axis = "chan"
    scatter_axes = (segment_axis, channel_axis)

    def __init__(self, nperseg=16):
        self.window = np.hanning(nperseg).astype(np.float32)[:, None]

    def periodogram(self, x):
        return jnp.abs(jnp.fft.fft(x * self.window, axis=0)) ** 2

    def average(self, x):
        return jax.lax.pmean(self.periodogram(x), self.segment_axis)

    def __call__(self, x):
        psd = self.periodogram(x)
        return jax.lax.psum_scatter(psd, self.scatter_axes, scatter_dimension=0, tiled=True) / 4.0


def inputs():
    rng = np.random.default_rng(34)
    return (rng.standard_normal((64, 2)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), Welch.scatter_axes)
    spec = P(*Welch.scatter_axes)
    x = jax.device_put(x, NamedSharding(mesh, spec))
    welch = Welch()
    return jax.shard_map(welch, mesh=mesh, in_specs=spec, out_specs=P(Welch.scatter_axes, None))(x)


if __name__ == "__main__":
    main(*inputs())
