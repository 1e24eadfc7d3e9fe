"""Audio frame loader: a generator yields global batches built with
jax.make_array_from_process_local_data from the sharding the loader stored at construction;
the first batch's frames are collected per sequence shard for a spectrogram plot."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class FrameLoader:
    def __init__(self, mesh, frames, batch=16, spec=P(("data", "seq"), None)):
        self.sharding = NamedSharding(mesh, spec)
        self.frames = frames
        self.batch = batch

    def __iter__(self):
        for start in range(0, len(self.frames), self.batch):
            chunk = self.frames[start:start + self.batch]
            yield {"mel": jax.make_array_from_process_local_data(self.sharding, chunk)}


def main(frames):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    loader = FrameLoader(mesh, frames)
    with jax.set_mesh(mesh):
        for batch in loader:
            plotted = top_level_all_gather(batch["mel"], P("seq", None, reduced={"data"}))
            break
    return plotted


def inputs():
    return (np.asarray(jax.random.normal(jax.random.key(23), (32, 80))),)
