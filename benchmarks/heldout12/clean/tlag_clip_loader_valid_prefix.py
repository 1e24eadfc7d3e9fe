"""Video loader batches gathered over clips with the reduced axis listed, then resharded."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ClipLoader:
    def __init__(self, mesh, spec=P("clips", "frames")):
        self.sharding = NamedSharding(mesh, spec)

    def __iter__(self):
        rng = np.random.default_rng(0)
        for _ in range(2):
            frames = rng.standard_normal((4, 8, 6)).astype(np.float32)
            yield {"frames": jax.make_array_from_process_local_data(self.sharding, frames)}


def main(mesh):
    motion = []
    with jax.set_mesh(mesh):
        for batch in ClipLoader(mesh):
            clips = top_level_all_gather(batch["frames"], P(None, "frames", reduced={"clips"}))
            clips = jax.reshard(clips, P())
            motion.append(jnp.abs(clips[:, 1:] - clips[:, :-1]).mean())
    return jnp.stack(motion)


def inputs():
    return (jax.make_mesh((2, 4), ("clips", "frames")),)
