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
    def _step(self, x, axis):
        s = lax.psum(x, axis)
        return lax.all_gather(s, axis, to="reduced", tiled=True)  # SF101
    def run(self, mesh, x):
        fn = partial(self._step, axis=self.AXIS)
        return jax.shard_map(fn, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
