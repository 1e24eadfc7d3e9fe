"""Activations sharded on 'i', weights on 'j': the einsum's result is gathered (reduced) over 'j'
and then summed over 'j' again."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def layer(x, w):
    h = jnp.einsum("bd,df->bf", x, w)
    h_full = jax.lax.all_gather(h, "j", axis=1, tiled=True, to="reduced")
    return jax.lax.psum(h_full, "j")  # SF103


def run(mesh, x):
    return jax.shard_map(layer, mesh=mesh, in_specs=(P("i", None), P(None, "j")), out_specs=P("i"))(x, x)
