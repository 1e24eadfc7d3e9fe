import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def shared(v):
    return jax.lax.all_gather(v, "i", axis=0, tiled=True, to="reduced")


def body(x, steps=None):
    steps = steps or (jnp.tanh, shared, jnp.abs)  # varying into the gather; abs keeps reduced
    return functools.reduce(lambda acc, step: step(acc), steps, x)


def body2(x):
    return functools.reduce(lambda acc, step: step(acc), BODY_STEPS, x)  # changed below: unknown


BODY_STEPS = [jnp.tanh]
BODY_STEPS.append(shared)


def run(mesh, x):
    first = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
    return first, jax.shard_map(body2, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
