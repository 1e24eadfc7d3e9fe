"""jnp.where over a row mask varying on 'i' only and values varying on 'i' and 'j', then a reduced
gather over 'i' of a value already summed over 'i'."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def masked(mask_src, v):
    picked = jnp.where(mask_src.sum(axis=1, keepdims=True) > 0, v, 0.0)
    total = jax.lax.psum(picked, "i")
    return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    fn = jax.shard_map(masked, mesh=mesh, in_specs=(P("i", None), P("i", "j")), out_specs=P(None, "j", reduced={"i"}))
    return fn(x, x)
