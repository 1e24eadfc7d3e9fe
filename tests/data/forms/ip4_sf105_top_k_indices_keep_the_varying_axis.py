"""lax.top_k's indices (unlike jnp.argsort's) vary where the operand does (run on jax 0.10.2):
the psum over both axes of a value varying on 'i' only raises."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(block):
    _, idx = jax.lax.top_k(block, 2)
    return jax.lax.psum(idx, ("i", "j"))  # SF105


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
