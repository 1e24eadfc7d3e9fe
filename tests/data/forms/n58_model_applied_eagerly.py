import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
class MLP:
    def __init__(self, axis):
        self.axis = axis
    def __call__(self, x):
        s = lax.pmax(x, self.axis)
        return lax.all_gather(s, self.axis, to="reduced", tiled=True)  # none: the model is also applied eagerly

def loss_fn(model, x):
    return model(x)

model = MLP("data")

def make_step(mesh):
    return jax.jit(jax.shard_map(lambda x: loss_fn(model, x), mesh=mesh, in_specs=P("data"), out_specs=P(None, reduced={"data"})))

def eager(x):
    return loss_fn(model, x)
