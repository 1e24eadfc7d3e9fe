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
    tp_axis: str = "tp"
    dp_axis: str = "dp"

class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
    def loss(self, x):
        g = lax.all_gather(x, axis_name=self.cfg.tp_axis, to="reduced", tiled=True)
        return lax.psum(g, axis_name=self.cfg.tp_axis)  # SF103
    def build(self, mesh):
        return jax.jit(jax.shard_map(self.loss, mesh=mesh, in_specs=P(self.cfg.tp_axis), out_specs=P()))

def main():
    cfg = Config()
    trainer = Trainer(cfg)
    return trainer.build(jax.make_mesh((2, 4), ("dp", "tp")))
