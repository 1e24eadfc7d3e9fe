import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

REDUCE_OVER = ("i", "j")


def step(x):
    axes = functools.reduce(lambda acc, ax: acc + ((ax,) if ax == "i" else ()), REDUCE_OVER, ())
    g = jnp.sum(x * x, axis=0)
    return lax.psum_scatter(g, axes, scatter_dimension=0, tiled=True)


def run(mesh, x):
    return jax.shard_map(step, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
