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
    dp_axis: str = "dp"
    tp_axis: str = "tp"

CFG = Config()
CFG.tp_axis = "dp"

def body(x, cfg=CFG):
    g = lax.all_gather(x, axis_name=cfg.tp_axis, to="reduced", tiled=True)
    return lax.psum(g, axis_name=cfg.tp_axis)  # none: the config is changed

f = jax.shard_map(body, mesh=jax.make_mesh((2, 4), ("dp", "tp")), in_specs=P("tp"), out_specs=P())
