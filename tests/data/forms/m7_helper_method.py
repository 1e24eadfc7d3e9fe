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
    def _reduce(self, w):
        return lax.psum(w, self.axis)  # SF103
    def _step(self, x):
        w = lax.all_gather(x, self.axis, to="reduced", tiled=True)
        return self._reduce(w)
    def run(self, mesh, x):
        return jax.shard_map(self._step, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
