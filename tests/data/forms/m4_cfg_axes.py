import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
@dataclass(frozen=True)
class Axes:
    data: str = "i"
    model: str = "j"

@dataclass(frozen=True)
class Config:
    axes: Axes = Axes()
    lr: float = 0.1

cfg = Config()

def body(x):
    s = lax.psum(x, cfg.axes.data)
    return lax.all_gather(s, cfg.axes.data, to="reduced", tiled=True)  # SF101

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(cfg.axes.data, cfg.axes.model), out_specs=P(None, cfg.axes.model, reduced={cfg.axes.data}))(x)
