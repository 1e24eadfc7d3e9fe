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
    def __init__(self, mesh):
        self.mesh = mesh
        self.step = jax.shard_map(self._step, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))
    def _step(self, x):
        s = lax.psum(x, "i")
        return lax.all_gather(s, "i", to="reduced", tiled=True)  # SF101
