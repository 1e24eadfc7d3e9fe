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
    axis = "i"
    def __call__(self, x):
        s = lax.psum(x, self.axis)
        return lax.all_gather(s, self.axis, to="reduced", tiled=True)  # none: instances built elsewhere may call it outside shard_map
    def sharded(self, mesh):
        return jax.shard_map(self.__call__, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))
