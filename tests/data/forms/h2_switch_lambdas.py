import jax
import jax.numpy as jnp
from functools import partial
from jax import lax
from jax.sharding import PartitionSpec as P

def body(x, k):
    return lax.switch(k, [
        lambda v: lax.all_gather(v, "i", to="reduced", tiled=True),
        lambda v: lax.all_gather(lax.pmean(v, "i"), "i", to="reduced", tiled=True),  # SF101
    ], x)

def run(mesh, x, k):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P()), out_specs=P(None, reduced={"i"}))(x, k)
