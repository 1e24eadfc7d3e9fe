import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
class Axes:
    def __init__(self, data="i", model="j"):
        self.data = data
        self.model = model

AXES = Axes(model="j")

def body(x):
    s = lax.psum(x, AXES.data)
    return lax.all_gather(s, AXES.data, to="reduced", tiled=True)  # SF101

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(AXES.data), out_specs=P(None, reduced={AXES.data}))(x)
