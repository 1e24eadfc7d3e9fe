"""jnp.unique(..., size=k) of a block varying on 'i' varies on 'i' (run on jax 0.10.2): the
psum over both axes raises."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(block):
    kept = jnp.unique(block, size=4)
    return jax.lax.psum(kept, ("i", "j"))  # SF105


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
