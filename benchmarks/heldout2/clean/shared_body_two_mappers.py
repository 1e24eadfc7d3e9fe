import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


def total(x):
    return jax.lax.psum(x.sum(), AXES)


def inputs():
    return (np.ones((8, 8), np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), AXES)
    sharded = jax.device_put(x, NamedSharding(mesh, P(*AXES)))
    replicated = jax.device_put(x, NamedSharding(mesh, P()))
    # the same body on a split input (varying on both axes) and on a replicated one
    # (invariant on both): one state on all the axes either way
    a = jax.shard_map(total, mesh=mesh, in_specs=P(*AXES), out_specs=P())(sharded)
    b = jax.shard_map(total, mesh=mesh, in_specs=P(), out_specs=P())(replicated)
    return a, b
