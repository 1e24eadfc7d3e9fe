"""A sum over a middle dimension counted from the end, then a psum over the gathered axis."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def peak(h):
    full = jax.lax.all_gather(h, "i", axis=0, tiled=True, to="reduced")
    cube = full.reshape(8, 2, 4)
    return jax.lax.psum(jnp.sum(cube, axis=-2), "i")  # SF103


def run(mesh, x):
    return jax.shard_map(peak, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
