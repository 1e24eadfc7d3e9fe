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

def step(x, cfg):
    g = lax.all_gather(x, cfg.tp_axis, to="reduced", tiled=True)
    return lax.psum_scatter(g, cfg.tp_axis, tiled=True)  # SF103

def get_config():
    return Config()

def build(mesh):
    cfg = get_config()
    return jax.shard_map(partial(step, cfg=cfg), mesh=mesh, in_specs=P("tp"), out_specs=P("tp"))
