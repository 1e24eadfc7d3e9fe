import jax
import jax.numpy as jnp
from functools import partial
from jax import lax
from jax.sharding import PartitionSpec as P

def step(axis, carry, x):
    total = lax.psum(x, axis)
    full = lax.all_gather(total, axis, to="reduced", tiled=True)  # SF101
    return carry, x * full.shape[0]

def body(xs):
    _, ys = lax.scan(partial(step, "i"), 0.0, xs)
    return ys

def run(mesh, xs):
    return jax.shard_map(body, mesh=mesh, in_specs=P(None, "i"), out_specs=P(None, "i"))(xs)
