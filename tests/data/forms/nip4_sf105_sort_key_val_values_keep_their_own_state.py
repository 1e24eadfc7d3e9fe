"""lax.sort_key_val gives each output its own operand's type (run on jax 0.10.2): values invariant
stay invariant although the keys vary on 'i', so the psum over both axes runs."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(block):
    table = jnp.ones((4, 8), jnp.float32)
    _, ranked = jax.lax.sort_key_val(block, table)
    return jax.lax.psum(ranked, ("i", "j"))


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
