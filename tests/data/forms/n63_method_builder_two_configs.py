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

def body(x, cfg):
    g = lax.all_gather(x, axis_name=cfg.tp_axis, to="reduced", tiled=True)
    return lax.psum(g, axis_name=cfg.tp_axis)  # none: the method is also called with another config

class Trainer:
    def build(self, mesh, cfg):
        return jax.jit(jax.shard_map(partial(body, cfg=cfg), mesh=mesh, in_specs=P(cfg.tp_axis), out_specs=P()))

def main():
    trainer = Trainer()
    return trainer.build(jax.make_mesh((2, 4), ("dp", "tp")), Config())

def other():
    return Trainer().build(jax.make_mesh((2, 4), ("dp", "tp")), Config(tp_axis="dp", dp_axis="tp"))
