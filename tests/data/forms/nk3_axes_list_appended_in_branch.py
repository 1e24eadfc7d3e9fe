import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def body(x, scatter_model):
    axes = ["i"]
    if scatter_model:
        axes.append("j")
    return lax.psum_scatter(jnp.sum(x, axis=0), tuple(axes), scatter_dimension=0, tiled=True)


def run(mesh, x, scatter_model=False):
    return jax.shard_map(lambda v: body(v, scatter_model), mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
