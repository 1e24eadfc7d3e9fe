"""IMPALA learner: V-trace bootstrap values gathered over the unroll, then over all actor shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("actors", "time")
ACTORS, TIME = AXES


def bootstrap(values):
    return jax.lax.all_gather(values, TIME, axis=1, tiled=True, to="reduced")


def learner_values(values):
    full_unroll = bootstrap(values)
    return jax.lax.all_gather(full_unroll, AXES, axis=0, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((2, 4), AXES)
    values = jnp.arange(4 * 8, dtype=jnp.float32).reshape(4, 8) / 32
    return mesh, values


def main(mesh, values):
    values = jax.device_put(values, NamedSharding(mesh, P(ACTORS, TIME)))
    f = jax.shard_map(learner_values, mesh=mesh, in_specs=P(ACTORS, TIME),
                      out_specs=P(None, None, reduced=set(AXES)))
    return f(values)
