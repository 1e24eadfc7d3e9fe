import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
AX = "i"
def body(x):
    s = lax.psum(x, AX)
    return lax.all_gather(s, AX, to="reduced", tiled=True)  # SF101

def wrap(fn, mesh):
    return jax.shard_map(fn, mesh=mesh, in_specs=P(AX), out_specs=P(None, reduced={AX}))

def build(fn, mesh):
    return wrap(fn, mesh)

def run(mesh, x):
    return build(body, mesh)(x)
