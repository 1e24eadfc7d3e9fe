import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(x):
    s = lax.psum(x, "i")
    return lax.all_gather(s, "i", to="reduced", tiled=True)  # SF101

def _shard(f, mesh):
    return jax.shard_map(f, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))

def _compile(f, mesh):
    return jax.jit(_shard(f, mesh))

def make_train_step(f, mesh):
    return _compile(f, mesh)

def run(mesh, x):
    return make_train_step(body, mesh)(x)
