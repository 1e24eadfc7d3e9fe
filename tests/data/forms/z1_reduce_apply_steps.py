import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def total(v):
    return jax.lax.psum(v, "i")


def shared(v):
    return jax.lax.all_gather(v, "i", axis=0, tiled=True, to="reduced")  # SF101


def body(x):
    steps = (jnp.tanh, total, shared)
    return functools.reduce(lambda acc, step: step(acc), steps, x)  # psum result (invariant) gathered


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
