import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def layer(h, w):
    y = jax.lax.psum(h * w, "j")
    return jax.lax.psum(y, ("i", "j"))  # SF105


def body(h):
    ws = jnp.ones((3,) + h.shape, h.dtype)
    _, outs = jax.lax.scan(lambda c, w: (c, layer(c, w)), h, ws)
    return outs


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
