"""QAT with per-channel int8 scales: the straight-through gradient of the scale is scattered."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

scatter_rows = functools.partial(jax.lax.psum_scatter, scatter_dimension=0, tiled=True)


def inputs():
    w = np.linspace(-2, 2, 16 * 8, dtype=np.float32).reshape(16, 8)
    return (w,)


def main(w, data_axis="data", channel_axis="channel"):
    mesh = jax.make_mesh((2, 4), (data_axis, channel_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(data_axis, channel_axis)))

    def scale_grad(w_local):
        w_full = jax.lax.all_gather(w_local, data_axis, axis=0, tiled=True, to="reduced")
        if w_full.shape[0] >= 16:  # large layers keep per-row scales
            scale = jnp.abs(w_full).astype(jnp.float32)
        else:
            scale = jnp.abs(w_full).max(axis=0, keepdims=True)
        return scatter_rows(scale, data_axis)

    fn = jax.shard_map(scale_grad, mesh=mesh, in_specs=P(data_axis, channel_axis),
                       out_specs=P(data_axis, channel_axis))
    return fn(w)
