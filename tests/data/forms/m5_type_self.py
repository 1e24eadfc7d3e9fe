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
    AXIS = "i"
    def _body(self, x):
        s = lax.psum(x, type(self).AXIS)
        return lax.all_gather(s, type(self).AXIS, to="reduced", tiled=True)  # SF101
    def run(self, mesh, x):
        return jax.shard_map(self._body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
