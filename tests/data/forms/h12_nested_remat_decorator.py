import jax
import jax.numpy as jnp
from functools import partial
from jax import lax
from jax.sharding import PartitionSpec as P

def body(x):
    @partial(jax.remat, policy=jax.checkpoint_policies.nothing_saveable)
    def layer(h):
        return lax.psum(h, "i")

    return lax.all_gather(layer(x), "i", to="reduced", tiled=True)  # SF101

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
