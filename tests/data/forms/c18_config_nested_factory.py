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
class MeshAxes:
    data: str = "dp"
    tensor: str = "tp"

@dataclass(frozen=True)
class Config:
    axes: MeshAxes = field(default_factory=MeshAxes)
    lr: float = 0.1

def body(x, cfg):
    g = lax.all_gather(x, axis_name=cfg.axes.tensor, to="reduced", tiled=True)
    return lax.psum(g, axis_name=cfg.axes.tensor)  # SF103

def build(mesh, cfg):
    return jax.jit(jax.shard_map(lambda x: body(x, cfg), mesh=mesh, in_specs=P("tp"), out_specs=P()))

def main():
    return build(jax.make_mesh((2, 4), ("dp", "tp")), Config())
