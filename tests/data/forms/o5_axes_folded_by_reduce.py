import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

REDUCE_OVER = ("i", "j")


def bucket_and_axes(x):
    g = jnp.sum(x * x, axis=0)
    return functools.reduce(lambda acc, ax: acc + [ax], REDUCE_OVER, []), g


def step(x):
    axes, bucket = bucket_and_axes(x)
    return lax.psum_scatter(bucket, tuple(axes), scatter_dimension=0, tiled=True)  # SF105


def run(mesh, x):
    return jax.shard_map(step, mesh=mesh, in_specs=P("i"), out_specs=P(("i", "j")))(x)
