import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RESIDUAL_SCALE = 0.5


@functools.partial(jax.checkpoint, static_argnums=(2,))
def residual_block(x, w_shard, axis):
    w = jax.lax.all_gather(w_shard, axis, to="reduced", tiled=True)
    w = w * RESIDUAL_SCALE
    return x + x @ w


def inputs():
    return np.ones((8, 8), np.float32), np.eye(8, dtype=np.float32)


def main(x, w):
    mesh = jax.make_mesh((8,), ("fsdp",))
    x = jax.device_put(x, NamedSharding(mesh, P("fsdp")))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp")))
    f = jax.shard_map(lambda x, w: residual_block(x, w, "fsdp"), mesh=mesh, in_specs=(P("fsdp"), P("fsdp")), out_specs=P("fsdp"))
    return f(x, w)
