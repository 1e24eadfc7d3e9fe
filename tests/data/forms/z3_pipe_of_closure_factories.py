import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")


def pipe(*fns):
    return lambda x: functools.reduce(lambda acc, f: f(acc), fns, x)


def over(axis):
    return lambda v: jax.lax.psum(v, axis)


def share(axis):
    return lambda v: jax.lax.all_gather(v, axis, axis=0, tiled=True, to="reduced")  # SF101


stats = pipe(functools.partial(jnp.sum, axis=0, keepdims=True), over(AXES[0]), share(AXES[0]))


def body(x):
    return stats(x)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(*AXES), out_specs=P(None, "j", reduced={"i"}))(x)
