"""Short-time spectra: the signal is framed from all segments and tapered before the FFT."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WINDOWS = {"hann": np.hanning, "hamming": np.hamming, "blackman": np.blackman}


def make_framer(axis, window="hann"):
    def frame(x):
        signal = jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")
        taper = WINDOWS[window](signal.shape[0]).astype(np.float32)[:, None]
        tapered = signal * taper
        return jnp.abs(jnp.fft.rfft(tapered, axis=0))
    return frame


def inputs():
    rng = np.random.default_rng(35)
    return (rng.standard_normal((32, 4)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("seg", "chan"))
    x = jax.device_put(x, NamedSharding(mesh, P("seg", "chan")))
    frame = make_framer("seg", window="hamming")
    return jax.shard_map(frame, mesh=mesh, in_specs=P("seg", "chan"), out_specs=P(None, "chan"))(x)


if __name__ == "__main__":
    main(*inputs())
