import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def sync(x, *, axis):
    total = lax.psum(x, axis)
    return lax.all_gather(total, "i", to="reduced", tiled=True)  # none

def distribute(fn, mesh, axis):
    axis = "j"
    return jax.shard_map(partial(fn, axis=axis), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"}))

def run(mesh, x):
    return distribute(sync, mesh, "i")(x)
