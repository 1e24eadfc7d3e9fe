"""Delay-and-sum beamformer: steered power per STFT bin on a distributed microphone array."""
import abc
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ArrayGeometry:
    n_mics: int = 16
    spacing_m: float = 0.04
    freq_axis: str = "freq"
    mic_axis: str = "mic"


class Beamformer(abc.ABC):
    def __init__(self, geometry: ArrayGeometry):
        self.geometry = geometry

    @abc.abstractmethod
    def weights(self, stft):
        ...

    def __call__(self, stft):
        g = self.geometry
        steered = jax.lax.psum(self.weights(stft) * stft, g.mic_axis)
        power = steered * steered
        return jax.lax.all_gather(power, g.mic_axis, axis=1, tiled=True, to="reduced")


class DelayAndSum(Beamformer):
    def weights(self, stft):
        return jnp.full_like(stft, 1.0 / self.geometry.n_mics)


def inputs():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(stft):
    geom = ArrayGeometry()
    mesh = jax.make_mesh((2, 4), (geom.freq_axis, geom.mic_axis))
    spec = P(geom.freq_axis, geom.mic_axis)
    stft = jax.device_put(stft, NamedSharding(mesh, spec))
    beamformer = DelayAndSum(geom)
    out = P(geom.freq_axis, None, reduced={geom.mic_axis})
    return jax.shard_map(beamformer, mesh=mesh, in_specs=spec, out_specs=out)(stft)


if __name__ == "__main__":
    print(main(*inputs()))
