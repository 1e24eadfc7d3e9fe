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
    axis: str = eqx.field(static=True)

    def __call__(self, x):
        y = lax.psum(x, axis_name=self.axis)
        return lax.all_gather(y, axis_name=self.axis, to="reduced", tiled=True)  # none: run may be called with any model

class MLP(eqx.Module):
    layers: list

    def __init__(self, axis, depth):
        self.layers = [Linear(axis=axis) for _ in range(depth)]

    def __call__(self, x):
        outs = [layer(x) for layer in self.layers]
        return outs

@eqx.filter_jit
def run(model, x, mesh):
    return jax.shard_map(model, mesh=mesh, in_specs=P("mp"), out_specs=[P(None, reduced={"mp"})] * 2)(x)

model = MLP("mp", 2)
