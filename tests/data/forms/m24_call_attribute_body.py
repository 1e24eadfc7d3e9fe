import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
class Block:
    def __init__(self, axis):
        self.axis = axis
    def __call__(self, x):
        s = lax.psum(x, self.axis)
        return lax.all_gather(s, self.axis, to="reduced", tiled=True)  # SF101

def run(mesh, x):
    block = Block("i")
    return jax.shard_map(block.__call__, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
