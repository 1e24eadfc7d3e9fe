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
class Cfg:
    axis: str = "x"

def reduce_then_gather(v, *, axis_name):
    s = lax.psum(v, axis_name=axis_name)
    return lax.all_gather(s, axis_name=axis_name, to="reduced", tiled=True)  # SF101

def build(cfg: Cfg, mesh):
    body = partial(reduce_then_gather, axis_name=cfg.axis)
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(cfg.axis), out_specs=P(None, reduced={cfg.axis})))

fn = build(Cfg(), jax.make_mesh((8,), ("x",)))
