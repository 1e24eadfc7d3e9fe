import jax
import jax.numpy as jnp
from functools import partial
from jax import lax
from jax.sharding import PartitionSpec as P

def body(x):
    y = lax.cond(x.sum() > 0, lambda v: lax.psum(v, "i"), lambda v: lax.psum(v * 2, "i"), x)
    return lax.all_gather(y, "i", to="reduced", tiled=True)  # SF101

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
