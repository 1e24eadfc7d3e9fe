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
    def step(self, x):
        s = lax.psum(x, self.cfg.axis)
        return lax.all_gather(s, self.cfg.axis, to="reduced", tiled=True)  # SF101

def make_trainer(cfg):
    return Trainer(cfg)

cfg = Config()
trainer = make_trainer(cfg)
f = jax.shard_map(trainer.step, mesh=jax.make_mesh((8,), ("data",)), in_specs=P("data"), out_specs=P(None, reduced={"data"}))
