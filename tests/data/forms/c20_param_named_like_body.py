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

def make(mesh):
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"})))

def describe(body):
    return str(body)
