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
    return lax.psum(g, axis_name=cfg.tp_axis)  # SF103

class Runner:
    def __init__(self, cfg, mesh):
        self.cfg = cfg
        self.fn = jax.jit(jax.shard_map(partial(body, cfg=cfg), mesh=mesh, in_specs=P(cfg.tp_axis), out_specs=P()))

def main():
    return Runner(Config(), jax.make_mesh((2, 4), ("dp", "tp")))
