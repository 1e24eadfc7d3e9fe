"""A body checks its block's shape against the tuple it expects (`x.shape` is a tuple): the
shape is (4, 2), so no pcast runs and the psum over both axes meets a
value invariant on 'j' but varying on 'i'."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))


def body(block):
    total = jax.lax.psum(block, "j")
    if block.shape != (4, 2):
        total = jax.lax.pcast(total, "j", to="varying")
    return jax.lax.psum(total, ("i", "j"))  # SF105


def run():
    f = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())
    return f(jnp.ones((8, 8)))
