import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

SIZES = {"i": 2, "j": 4, "k": 1}


def reduce_axes(sizes):
    found = []
    for name in sizes:
        if sizes[name] > 1:
            found.append(name)
    return tuple(found)


def body(x):
    g = jnp.sum(x, axis=0)
    return lax.psum_scatter(g, reduce_axes(SIZES), scatter_dimension=0, tiled=True)  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(("i", "j")))(x)
