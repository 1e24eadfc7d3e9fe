"""The block's shape compared with a list: a tuple never equals a list, so `!=` holds, the pcast
runs and the last psum sums a value varying on 'j'."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))


def body(block):
    total = jax.lax.psum(block, "j")
    if block.shape != [4, 2]:
        total = jax.lax.pcast(total, "j", to="varying")
    return jax.lax.psum(total, ("i", "j"))  # none


def run():
    f = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())
    return f(jnp.ones((8, 8)))
