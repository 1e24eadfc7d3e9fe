"""IMPALA learner: bootstrap values gathered over time, and raw values gathered over actors separately."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("actors", "time")
ACTORS, TIME = AXES


def learner_values(values):
    over_time = jax.lax.all_gather(values, TIME, axis=1, tiled=True, to="reduced")
    over_actors = jax.lax.all_gather(values, ACTORS, axis=0, tiled=True, to="reduced")
    return over_time, over_actors


def inputs():
    return jax.make_mesh((2, 4), AXES), jnp.arange(32, dtype=jnp.float32).reshape(4, 8)


def main(mesh, values):
    values = jax.device_put(values, NamedSharding(mesh, P(ACTORS, TIME)))
    f = jax.shard_map(learner_values, mesh=mesh, in_specs=P(ACTORS, TIME),
                      out_specs=(P(ACTORS, None, reduced={TIME}), P(None, TIME, reduced={ACTORS})))
    return f(values)
