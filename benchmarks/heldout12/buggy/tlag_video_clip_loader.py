"""Video data pipeline: a loader yields clip batches placed over (clips, frames)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ClipLoader:
    def __init__(self, mesh, n_batches=2, spec=P("clips", "frames")):
        self.sharding = NamedSharding(mesh, spec)
        self.n_batches = n_batches

    def __iter__(self):
        rng = np.random.default_rng(0)
        for _ in range(self.n_batches):
            frames = rng.standard_normal((4, 8, 6)).astype(np.float32)
            labels = rng.integers(0, 3, (4,))
            yield {"frames": jax.make_array_from_process_local_data(self.sharding, frames),
                   "labels": labels}


def temporal_difference(frames):
    return jnp.abs(frames[:, 1:] - frames[:, :-1]).mean(-1)


def main(mesh):
    motion = []
    with jax.set_mesh(mesh):
        for batch in ClipLoader(mesh):
            clips = top_level_all_gather(batch["frames"], P(None, "frames"))
            motion.append(temporal_difference(jax.reshard(clips, P())))
    return jnp.stack(motion)


def inputs():
    return (jax.make_mesh((2, 4), ("clips", "frames")),)
