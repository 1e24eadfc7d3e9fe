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
    def __init__(self, axis):
        self.axis = axis
    def step(self, x):
        s = lax.psum(x, self.axis)
        return lax.all_gather(s, self.axis, to="reduced", tiled=True)  # SF101 (make_trainer("a") certainly builds a Trainer: built_bodies.py runs it)

class Other:
    def step(self, x):
        return x

def make_trainer(kind):
    if kind == "a":
        return Trainer("data")
    return Other()

trainer = make_trainer("a")
f = jax.shard_map(trainer.step, mesh=jax.make_mesh((8,), ("data",)), in_specs=P("data"), out_specs=P(None, reduced={"data"}))
