"""Alternating least squares: item factors sharded, the Gram matrix V^T V built from the shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ITEM_AXIS = "items"
SHARERS = {
    "reduced": functools.partial(jax.lax.all_gather, axis_name=ITEM_AXIS, tiled=True, to="reduced"),
    "replicated": functools.partial(jax.lax.all_gather, axis_name=ITEM_AXIS, tiled=True),
}


def gram(v):
    return jax.lax.psum(v.T @ v, ITEM_AXIS)


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(size=(32, 4)).astype(np.float32),)


def main(item_factors):
    mesh = jax.make_mesh((8,), (ITEM_AXIS,))
    v = jax.device_put(item_factors, NamedSharding(mesh, P(ITEM_AXIS, None)))

    def solve_users(v_block):
        g = gram(v_block) + 0.1 * jnp.eye(v_block.shape[1])
        return SHARERS["reduced"](g)

    step = jax.jit(jax.shard_map(solve_users, mesh=mesh, in_specs=(P(ITEM_AXIS, None),),
                                 out_specs=P(None, None, reduced={ITEM_AXIS})))
    return step(v)
