import jax
import jax.numpy as jnp
from functools import partial
from jax import lax
from jax.sharding import PartitionSpec as P

def gathered(v):
    return lax.all_gather(lax.psum(v, "i"), "i", to="reduced", tiled=True)  # none

def body(x):
    return lax.cond(x.sum() > 0, gathered, gathered, x)

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)

HANDLERS = {"gather": gathered}
