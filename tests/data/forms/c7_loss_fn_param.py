import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def loss_fn(x):
    return lax.psum(x, "i")

def _step(x, loss_fn):
    s = loss_fn(x)
    return lax.all_gather(s, "i", to="reduced", tiled=True)  # SF101

def make_step(mesh, fn):
    return jax.shard_map(partial(_step, loss_fn=fn), mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))

def run(mesh, x):
    return make_step(mesh, loss_fn)(x)
