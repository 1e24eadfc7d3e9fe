"""Preview strip of the clips a sharded video loader yields (frames kept, tokens gathered)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CLIP_SPEC = P("time", "space", None)
PREVIEW_SPEC = P("time", None, None, reduced={"space"})


class ClipLoader:
    def __init__(self, mesh, clips, spec=CLIP_SPEC):
        self.sharding = NamedSharding(mesh, spec)
        self.clips = clips

    def __iter__(self):
        for clip in self.clips:
            yield jax.make_array_from_process_local_data(self.sharding, clip)


def preview(clip):
    return top_level_all_gather(clip, PREVIEW_SPEC)


def inputs():
    rng = np.random.default_rng(4)
    return (rng.uniform(size=(3, 8, 16, 3)).astype(np.float32),)


def main(clips):
    mesh = jax.make_mesh((2, 4), ("time", "space"))
    strips = []
    for clip in ClipLoader(mesh, list(clips)):
        strips.append(preview(clip).mean(axis=1))
    return jnp.stack(strips)


if __name__ == "__main__":
    print(main(*inputs()).shape)
