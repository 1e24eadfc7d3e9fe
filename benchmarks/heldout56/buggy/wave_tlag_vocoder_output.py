"""Write vocoder output: waveforms sharded over (batch, time) are gathered for the audio writer."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH_AXIS = os.environ.get("VOCODER_BATCH_AXIS", "batch")
TIME_AXIS = os.environ.get("VOCODER_TIME_AXIS", "time")


class AudioWriter:
    sample_rate = 22050

    def __init__(self, mesh):
        self.mesh = mesh
        self.layout = P(None, None, reduced={BATCH_AXIS, TIME_AXIS})

    def collect(self, wave):
        return top_level_all_gather(wave, self.layout)


def vocode(mel):
    return jnp.tanh(mel * 0.5) * 0.9


def inputs():
    return (np.random.default_rng(29).standard_normal((8, 16), dtype=np.float32),)


def main(mel):
    mesh = jax.make_mesh((4, 2), (BATCH_AXIS, TIME_AXIS))
    writer = AudioWriter(mesh)
    with jax.set_mesh(mesh):
        mel = jax.device_put(mel, NamedSharding(mesh, P(BATCH_AXIS, TIME_AXIS)))
        wave = jax.jit(vocode)(mel)
        clip = writer.collect(wave)
    print(clip.shape)
    return clip


if __name__ == "__main__":
    main(*inputs())
