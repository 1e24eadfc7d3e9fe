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
class Config:
    axis: str = "i"
cfg = dataclasses.replace(Config(), axis="j")
def body(x):
    s = lax.psum(x, cfg.axis)
    return lax.all_gather(s, "i", to="reduced", tiled=True)  # none
def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"}))(x)
