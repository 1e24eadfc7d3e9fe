import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

COMPUTE_DTYPE = jnp.bfloat16


def mixed_precision_unshard(w, *, shard_axis, all_axes):
    full = jax.lax.all_gather(w, shard_axis, to="reduced", tiled=True)
    full = full.astype(COMPUTE_DTYPE)
    return jax.lax.all_gather(full, all_axes, axis=1, to="reduced", tiled=True)


def inputs():
    return (np.arange(8 * 8, dtype=np.float32).reshape(8, 8),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(w, NamedSharding(mesh, P("data", "model")))
    body = functools.partial(mixed_precision_unshard, shard_axis="data", all_axes=("data", "model"))
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"data", "model"})))(w)
