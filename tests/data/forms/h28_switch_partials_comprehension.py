import jax
import jax.numpy as jnp
from functools import partial
from jax import lax
from jax.sharding import PartitionSpec as P

def scaled(v, scale):
    peak = lax.pmax(jnp.abs(v) * scale, "i")
    return lax.all_gather(peak, "i", to="reduced", tiled=True)  # SF101

SCALES = (1.0, 2.0)

def body(x, k):
    return lax.switch(k, [partial(scaled, scale=s) for s in SCALES], x)

def run(mesh, x, k):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P()), out_specs=P(None, reduced={"i"}))(x, k)
