import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
class Base:
    def helper(self, x):
        return x

class Trainer(Base):
    AXIS = "i"
    def _step(self, x):
        s = lax.psum(x, self.AXIS)
        return lax.all_gather(s, self.AXIS, to="reduced", tiled=True)  # SF101
    def run(self, mesh, x):
        return jax.shard_map(self._step, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
