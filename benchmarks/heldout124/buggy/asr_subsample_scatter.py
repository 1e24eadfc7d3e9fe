"""launchers/asr/subsample.py: strided convolution front end with reduce-scattered inputs.

The front end sees whole utterances (frame shards gathered to reduced), reduce-scatters
them back over the frame shards and applies the stride-2 subsampling per shard.
"""
import os
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

FRAME_AXIS = os.environ.get("FRAME_AXIS", "frames")
BATCH_AXIS = os.environ.get("BATCH_AXIS", "batch")


def mesh_shape():
    frames = int(os.environ.get("FRAME_PARALLELISM", "4"))
    return (jax.device_count() // frames, frames)


def stride2(x):
    return 0.5 * (x[:, 0::2] + x[:, 1::2])


def front_end(x, kernel, *, frame_axis):
    whole = jax.lax.all_gather(x, frame_axis, axis=1, tiled=True, to="reduced")
    mixed = jax.lax.psum_scatter(whole, frame_axis, scatter_dimension=1, tiled=True)
    return stride2(mixed) @ kernel


def compiled(mesh):
    body = partial(front_end, frame_axis=FRAME_AXIS)
    spec = P(BATCH_AXIS, FRAME_AXIS, None)
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(spec, P()), out_specs=spec))


class Loader:
    def __init__(self, mesh, frames, dim, seed=0):
        self.sharding = NamedSharding(mesh, P(BATCH_AXIS, FRAME_AXIS, None))
        self.rng = np.random.default_rng(seed + jax.process_index())
        self.frames, self.dim = frames, dim

    def __iter__(self):
        while True:
            x = self.rng.standard_normal((4, self.frames, self.dim)).astype(np.float32)
            yield jax.make_array_from_process_local_data(self.sharding, x)


def main(num_batches):
    devs = np.array(jax.devices()).reshape(mesh_shape())
    mesh = Mesh(devs, (BATCH_AXIS, FRAME_AXIS), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
    kernel = jax.device_put(jnp.eye(4) * 2.0, NamedSharding(mesh, P()))
    outs = []
    with jax.set_mesh(mesh):
        fn = compiled(mesh)
        for i, batch in enumerate(Loader(mesh, 16, 4)):
            if i == num_batches:
                break
            outs.append(fn(batch, kernel))
    if jax.process_index() == 0:
        print("subsampled", [o.shape for o in outs])
    return outs[-1]


def describe_mesh(mesh):
    if jax.process_index() != 0:
        return None
    names = ", ".join(f"{k}={v}" for k, v in mesh.shape.items())
    return f"front end mesh ({names}); frame axis {FRAME_AXIS}, batch axis {BATCH_AXIS}"


def output_frames(frames, shards):
    return frames // 2 if frames % (2 * shards) == 0 else None


def inputs():
    return (int(os.environ.get("NUM_BATCHES", "1")),)


if __name__ == "__main__":
    main(*inputs())
