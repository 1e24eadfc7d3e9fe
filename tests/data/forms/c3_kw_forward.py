import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(x, *, axis):
    s = lax.psum(x, axis)
    return lax.all_gather(s, axis, to="reduced", tiled=True)  # SF101

def wrap(fn, mesh, axis):
    return jax.shard_map(partial(fn, axis=axis), mesh=mesh, in_specs=P(axis), out_specs=P(None, reduced={axis}))

def build(*, fn, mesh, axis="i"):
    return wrap(fn=fn, mesh=mesh, axis=axis)

def run(mesh, x):
    return build(fn=body, mesh=mesh)(x)
