import jax
import jax.numpy as jnp
from functools import partial
from jax import lax
from jax.sharding import PartitionSpec as P

def body(x):
    return lax.all_gather(x, "i", to="reduced", tiled=True)  # none

def run(mesh, x, wide):
    cols = jax.shard_map(body, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, "j", reduced={"i"}))
    if wide:
        cols = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))
    return cols(x)
