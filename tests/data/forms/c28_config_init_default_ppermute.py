import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
class Config:
    def __init__(self, tp_axis="tp"):
        self.tp_axis = tp_axis

cfg = Config()

def step(x):
    g = lax.all_gather(x, cfg.tp_axis, to="reduced", tiled=True)
    return lax.ppermute(g, cfg.tp_axis, perm=[(i, (i + 1) % 4) for i in range(4)])  # SF103

f = jax.shard_map(step, mesh=jax.make_mesh((4,), ("tp",)), in_specs=P("tp"), out_specs=P("tp"))
