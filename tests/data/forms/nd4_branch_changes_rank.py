import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def body(x, flat):
    if flat:
        x = x.reshape(-1)
    if x.ndim == 2:
        y = lax.psum(x, "i")
    else:
        y = x
    return lax.all_gather(y, "i", to="reduced", tiled=True)  # none: the rank depends on flat


def run(mesh, flat=True):
    body_flat = lambda x: body(x, flat)
    return jax.shard_map(body_flat, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(jnp.zeros((16, 16)))
