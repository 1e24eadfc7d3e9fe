"""Generalised sidelobe canceller: the blocking-matrix reference is passed around the mic ring."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RingExchangeMixin:
    def _ring(self, x, axis):
        n = jax.lax.axis_size(axis)
        return jax.lax.ppermute(x, axis, perm=[(i, (i + 1) % n) for i in range(n)])


class BlockingMatrixMixin:
    def _block(self, stft):
        return stft - jnp.roll(stft, 1, axis=1)


class SidelobeCanceller(RingExchangeMixin, BlockingMatrixMixin):
    freq_axis = "freq"
    mic_axis = "mic"

    def __init__(self, step_size=0.05):
        self.step_size = step_size

    def reference(self, stft):
        blocked = self._block(stft)
        return jax.lax.all_gather(blocked, self.mic_axis, axis=1, tiled=True, to="reduced")

    def forward(self, stft):
        ref = self.reference(stft)
        neighbour = self._ring(ref, self.mic_axis)
        return neighbour * self.step_size


def inputs():
    rng = np.random.default_rng(2)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(stft):
    gsc = SidelobeCanceller()
    mesh = jax.make_mesh((2, 4), (gsc.freq_axis, gsc.mic_axis))
    spec = P(gsc.freq_axis, gsc.mic_axis)
    stft = jax.device_put(stft, NamedSharding(mesh, spec))
    return jax.shard_map(gsc.forward, mesh=mesh, in_specs=spec, out_specs=spec)(stft)


if __name__ == "__main__":
    print(main(*inputs()).shape)
