"""Temporal shift module on a frame-sharded video: a clip-level context is pooled over frames,
then shifted one frame shard forward like the channels of TSM."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TemporalShift:
    def __init__(self, time_axis="time", num_shards=4):
        self.time_axis = time_axis
        perm = [(i, (i + 1) % num_shards) for i in range(num_shards)]
        self.ops = {
            "pool": functools.partial(jax.lax.all_gather, axis_name=time_axis, axis=1, tiled=True, to="reduced"),
            "shift": functools.partial(jax.lax.ppermute, axis_name=time_axis, perm=perm),
        }

    def __call__(self, frames):
        context = frames
        return self.ops["shift"](context)


def inputs():
    return (np.random.default_rng(32).normal(size=(4, 16, 8)).astype(np.float32),)


def main(frames):
    mesh = jax.make_mesh((2, 4), ("clip", "time"))
    frames = jax.device_put(frames, NamedSharding(mesh, P("clip", "time", None)))
    return jax.shard_map(TemporalShift(), mesh=mesh, in_specs=P("clip", "time", None),
                         out_specs=P("clip", "time", None))(frames)


if __name__ == "__main__":
    main(*inputs())
