"""Entry point: an all-reduce followed by a plain (varying) gather and an invarying one: fine for any axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((8,), ("workers",)), np.arange(16, dtype=np.float32).reshape(8, 2)


def main(mesh, x):
    axis = mesh.axis_names[0]
    x = jax.device_put(x, NamedSharding(mesh, P(axis)))

    def body(x):
        total = jax.lax.psum(x, axis)
        spread = jax.lax.all_gather(total, axis, tiled=True)
        same = jax.lax.all_gather(total, axis, to="invarying", tiled=True)
        return jnp.sum(spread, keepdims=True) + jnp.sum(same)

    out = jax.shard_map(body, mesh=mesh, in_specs=P(axis), out_specs=P(axis))(x)
    return float(np.asarray(out).sum())
