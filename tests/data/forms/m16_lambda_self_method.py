import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
class Trainer:
    axis = "i"
    def __init__(self, mesh):
        self.mesh = mesh
    def _step(self, x):
        s = lax.psum(x, self.axis)
        return lax.all_gather(s, self.axis, to="reduced", tiled=True)  # SF101
    def run(self, x):
        return jax.shard_map(lambda v: self._step(v), mesh=self.mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
