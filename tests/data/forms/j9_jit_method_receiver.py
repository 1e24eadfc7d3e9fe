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
    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        return jax.shard_map(self._body, mesh=self.mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
    def _body(self, x):
        s = lax.pmax(x, "i")
        return lax.all_gather(s, "i", to="reduced", tiled=True)  # SF101
