import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def body(x):
    if x.ndim == 2:
        y = lax.psum(x, "i")
    else:
        y = x
    return lax.all_gather(y, "i", to="reduced", tiled=True)  # none: x is 1-D, y varies


def run(mesh):
    x = jnp.zeros((16, 16)).reshape(-1)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
