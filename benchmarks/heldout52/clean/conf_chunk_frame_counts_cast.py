"""Streaming conformer: valid-frame counts per chunk are shared with every chunk worker."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFORMER = {
    "mesh_axes": {"batch": "batch", "time": "chunk"},
    "chunk_size": 4,
    "left_context": 2,
}


def make_mask_step(mesh, cfg=CONFORMER):
    batch_axis = cfg["mesh_axes"]["batch"]
    time_axis = cfg["mesh_axes"]["time"]

    def body(mask):
        frames = jax.lax.psum(mask.sum(axis=1, keepdims=True), time_axis)
        frames = jax.lax.pcast(frames, time_axis, to="varying")
        return jax.lax.all_gather(frames, axis_name=time_axis, axis=1, tiled=True, to="reduced")

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(batch_axis, time_axis),
                                 out_specs=P(batch_axis, None, reduced={time_axis})))


def inputs():
    mask = np.ones((8, 16), np.float32)
    mask[:, 12:] = 0.0
    return (mask,)


def main(mask):
    axes = CONFORMER["mesh_axes"]
    mesh = jax.make_mesh((2, 4), (axes["batch"], axes["time"]))
    mask = jax.device_put(mask, NamedSharding(mesh, P(axes["batch"], axes["time"])))
    return make_mask_step(mesh)(mask)


if __name__ == "__main__":
    main(*inputs())
