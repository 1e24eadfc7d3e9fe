import jax
import jax.numpy as jnp
from functools import partial
from jax import lax
from jax.sharding import PartitionSpec as P

def body(x):
    return lax.map(lambda r: lax.all_gather(lax.psum(r, "i"), "i", to="reduced", tiled=True), x, batch_size=2)  # none

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(None, "i"), out_specs=P(None, None, reduced={"i"}))(x)
