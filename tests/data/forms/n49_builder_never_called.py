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
    dp_axis: str = "i"
    tp_axis: str = "j"

def body(x, cfg):
    tp = cfg.tp_axis
    g = lax.all_gather(x, axis_name=tp, to="reduced", tiled=True, axis=1)
    return lax.psum(g, axis_name=tp)  # SF103 (for any config make is given)

def make(mesh, cfg=Config()):
    return jax.shard_map(functools.partial(body, cfg=cfg), mesh=mesh, in_specs=P(cfg.dp_axis, cfg.tp_axis), out_specs=P(cfg.dp_axis))
