import jax
import jax.numpy as jnp
from functools import partial
from jax import lax
from jax.sharding import PartitionSpec as P

def step(carry, x, w):
    s = lax.psum(w, "i")
    full = lax.all_gather(s, "i", to="reduced", tiled=True)  # SF101
    return carry, x * full.shape[0]

def body(xs, w):
    total, ys = lax.scan(lambda c, x: step(c, x, w), 0.0, xs)
    return ys

def run(mesh, xs, w):
    return jax.shard_map(body, mesh=mesh, in_specs=(P(None, "i"), P("i")), out_specs=P(None, "i"))(xs, w)
