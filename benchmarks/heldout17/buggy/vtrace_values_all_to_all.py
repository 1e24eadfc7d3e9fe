"""IMPALA learner: value targets re-bucketed from time shards to actor shards with all_to_all."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

T_AXIS = "time"
rebucket = functools.partial(jax.lax.all_to_all, split_axis=0, concat_axis=1, tiled=True)


def targets(values):
    full = jax.lax.all_gather(values, T_AXIS, axis=1, tiled=True, to="reduced")
    return rebucket(full, T_AXIS)


def inputs():
    mesh = jax.make_mesh((8,), (T_AXIS,))
    values = jnp.ones((8, 16), jnp.float32)
    return mesh, values


def main(mesh, values):
    values = jax.device_put(values, NamedSharding(mesh, P(None, T_AXIS)))
    f = jax.shard_map(targets, mesh=mesh, in_specs=P(None, T_AXIS), out_specs=P(None, T_AXIS))
    return f(values)
