import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def reduce_rows(v):
    if v.ndim > 1:
        return lax.psum(v, "i")
    return v


def body(x, w):
    h = reduce_rows(x[None])
    return lax.all_gather(h * w, "i", to="reduced", tiled=True)  # SF101


def run(mesh):
    x = jnp.zeros((8,))
    w = jnp.ones((4,))
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P()), out_specs=P(None, reduced={"i"}))(x, w)
