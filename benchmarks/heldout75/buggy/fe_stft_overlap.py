"""STFT frontend: the synthesis window is rebuilt from its shards before overlap-add."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STFT_CONF = dict(n_fft=32, hop_length=8, win_length=32, window="hann", shard_axis="freq")


def ring(n):
    return [(i, (i + 1) % n) for i in range(n)]


class Stft:
    def __init__(self, mesh, n_fft, hop_length, win_length, window, shard_axis):
        self.n_fft = n_fft
        self.hop = hop_length
        self.axis = shard_axis
        self.size = mesh.shape[shard_axis]

    def window(self, frames):
        return jax.lax.all_gather(jnp.hanning(frames.shape[-1]) * frames, self.axis, axis=1, tiled=True, to="reduced")

    def overlap_add(self, frames):
        tail = frames[:, -self.hop:]
        return jax.lax.ppermute(tail, self.axis, perm=ring(self.size))

    def __call__(self, frames):
        windowed = self.window(frames)
        carried = self.overlap_add(windowed)
        return frames[:, :self.hop] + carried


def inputs():
    rng = np.random.default_rng(12)
    return (rng.standard_normal((8, 64)).astype(np.float32),)


def main(frames):
    mesh = jax.make_mesh((2, 4), ("batch", "freq"))
    frames = jax.device_put(frames, NamedSharding(mesh, P("batch", "freq")))
    stft = Stft(mesh, **STFT_CONF)
    return jax.shard_map(stft, mesh=mesh, in_specs=P("batch", "freq"), out_specs=P("batch", "freq"))(frames)


if __name__ == "__main__":
    print(main(*inputs()))
