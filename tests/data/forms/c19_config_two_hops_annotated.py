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

def build(mesh, cfg: Config):
    return jax.shard_map(partial(body, cfg=cfg), mesh=mesh, in_specs=P(cfg.tp_axis), out_specs=P())

def train(cfg: Config):
    mesh = jax.make_mesh((2, 4), (cfg.dp_axis, cfg.tp_axis))
    return build(mesh, cfg)

def main():
    return train(Config())
