import jax
import jax.numpy as jnp
from functools import partial
from jax import lax
from jax.sharding import PartitionSpec as P

def body(x):
    def keep_going(c):
        w = lax.all_gather(lax.psum(c, "i"), "i", to="reduced", tiled=True)  # SF101
        return c.sum() < w.shape[0]

    def step(c):
        return c * 2

    return lax.while_loop(keep_going, step, x)

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
