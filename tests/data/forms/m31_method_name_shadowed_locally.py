import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
@dataclass
class Config:
    axis: str = "data"

class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.axis = cfg.axis
    def step(self, x):
        s = lax.psum(x, self.axis)
        return lax.all_gather(s, self.axis, to="reduced", tiled=True)  # SF101

def main():
    trainer = Trainer(Config())
    mesh = jax.make_mesh((8,), ("data",))
    step = jax.jit(jax.shard_map(trainer.step, mesh=mesh, in_specs=P("data"), out_specs=P(None, reduced={"data"})))
    return step
