"""Consecutive mesh axes form the hops of a hierarchical reduction."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HIERARCHY = ("data", "model", "replica")


def first_hop(hierarchy):
    return next(itertools.pairwise(hierarchy))


def body(b):
    shard_id = jax.lax.axis_index("data").astype(jnp.float32)
    scale = shard_id * jnp.ones((8, 2))
    return jax.lax.psum_scatter(scale, first_hop(HIERARCHY), scatter_dimension=0,
                                tiled=True)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(("data", "model")))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
