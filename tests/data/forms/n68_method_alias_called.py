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
    axis = "batch"
    def step(self, x):
        s = lax.psum(x, self.axis)
        return lax.all_gather(s, self.axis, to="reduced", tiled=True)  # none: the alias is called eagerly too

def build(mesh, x):
    trainer = Trainer()
    fn = trainer.step
    eager = fn(x)
    return jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=P("batch"), out_specs=P(None, reduced={"batch"}))), eager
