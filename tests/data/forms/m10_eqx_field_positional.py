import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
import equinox as eqx

class Block(eqx.Module):
    weight: jax.Array
    axis: str = "i"
    def __call__(self, x):
        w = lax.all_gather(self.weight, self.axis, to="reduced", tiled=True)  # SF101
        return lax.psum(x @ w, self.axis)  # none
def run(mesh, w, x):
    model = Block(w)
    return jax.shard_map(model, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
