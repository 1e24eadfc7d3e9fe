import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def sharded(mesh, axis):
    def decorator(fn):
        return jax.jit(jax.shard_map(partial(fn, axis=axis), mesh=mesh, in_specs=P(axis), out_specs=P(None, reduced={axis})))
    return decorator

@sharded(jax.make_mesh((8,), ("i",)), "i")
def step(v, axis):
    s = lax.psum(v, axis)
    return lax.all_gather(s, axis, to="reduced", tiled=True)  # SF101

@sharded(jax.make_mesh((8,), ("j",)), "j")
def step2(v, axis):
    s = lax.psum(v, axis)
    return lax.all_gather(s, axis, to="reduced", tiled=True)  # SF101
