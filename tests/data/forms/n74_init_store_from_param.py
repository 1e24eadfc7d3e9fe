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
        return lax.all_gather(s, self.axis, to="reduced", tiled=True)  # none: the axis comes from elsewhere

class Trainer:
    def __init__(self, axis):
        self.block = Block(axis)
    def step(self, x):
        return self.block(x)
    def compile(self, mesh):
        return jax.jit(jax.shard_map(self.step, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"})))
