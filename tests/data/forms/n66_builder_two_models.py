import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
class Model:
    def __init__(self, axis="fsdp"):
        self.axis = axis

    def apply(self, params, x):
        w = lax.all_gather(params, self.axis, to="reduced", tiled=True)
        w = w.reshape(-1, x.shape[-1]).T
        return lax.psum(w, self.axis)  # none: two models go through the builder

def build(model, mesh):
    return jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P("fsdp"), P()), out_specs=P()))

model = Model()
step = build(model, jax.make_mesh((8,), ("fsdp",)))
other = build(Model("other"), jax.make_mesh((8,), ("other",)))
