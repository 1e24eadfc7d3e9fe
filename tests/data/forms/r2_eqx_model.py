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

class Linear(eqx.Module):
    weight: jax.Array
    axis: str = eqx.field(static=True, default="i")

    def __call__(self, x):
        w = lax.all_gather(self.weight, self.axis, to="reduced", tiled=True)  # SF101 (a closed-over array is invariant)
        y = x @ w
        return lax.psum(w, self.axis)  # SF103

def make(mesh, weight):
    model = Linear(weight)
    return jax.shard_map(lambda x: model(x), mesh=mesh, in_specs=P("i"), out_specs=P())
