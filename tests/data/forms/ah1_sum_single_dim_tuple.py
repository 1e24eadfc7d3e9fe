"""A pooled sum over one array dimension spelled as a tuple, then summed over the mesh axis the
value was gathered (reduced) on."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def pooled(h):
    full = jax.lax.all_gather(h, "j", axis=1, tiled=True, to="reduced")
    per_row = jnp.sum(full, axis=(1,))
    return jax.lax.psum(per_row, "j")  # SF103


def run(mesh, x):
    return jax.shard_map(pooled, mesh=mesh, in_specs=P(None, "j"), out_specs=P())(x)
