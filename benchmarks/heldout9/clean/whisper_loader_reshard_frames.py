"""Audio frame loader yielding jax.make_array_from_process_local_data batches; the frames are
laid out per sequence shard with jax.reshard, and the batch axis gathered with a valid prefix."""
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
            yield {"mel": jax.make_array_from_process_local_data(
                self.sharding, self.frames[start:start + self.batch])}


def main(frames):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    out = []
    with jax.set_mesh(mesh):
        for batch in FrameLoader(mesh, frames):
            out.append(jax.reshard(batch["mel"], P("seq", None)))
            out.append(top_level_all_gather(batch["mel"], P("data", None, reduced={"seq"})))
    return out


def inputs():
    return (np.asarray(jax.random.normal(jax.random.key(108), (32, 80))),)
