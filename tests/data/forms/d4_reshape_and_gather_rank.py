import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def body(x):
    flat = x.reshape(-1)
    stacked = lax.all_gather(flat, "i")
    if stacked.ndim == 2 and flat.ndim == 1:
        out = lax.pmax(stacked, "i")
    else:
        out = stacked
    return lax.all_gather(out, "i", to="reduced", tiled=True)  # SF101


def run(mesh):
    data = jnp.ones((4, 8, 8)).sum(axis=0)
    mapped = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))
    return mapped(data)
