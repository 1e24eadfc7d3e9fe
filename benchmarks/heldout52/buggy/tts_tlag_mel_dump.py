"""TTS training: predicted mel frames are dumped for the vocoder fine-tuning set."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = (2, 4)
AXES = ("utt", "mel")


class MelDumper:
    def __init__(self, frame_axis):
        self.frame_axis = frame_axis

    def dump(self, mel):
        return top_level_all_gather(mel, P(AXES[0], None, reduced={self.frame_axis}))


def predict(mesh, text):
    with jax.set_mesh(mesh):
        return jnp.tanh(text)


def inputs():
    return (np.ones((8, 16), np.float32),)


def main(text):
    mesh = jax.make_mesh(MESH_SHAPE, AXES)
    text = jax.device_put(text, NamedSharding(mesh, P(*AXES)))
    mel = predict(mesh, text)
    return MelDumper(AXES[1]).dump(mel)


if __name__ == "__main__":
    main(*inputs())
