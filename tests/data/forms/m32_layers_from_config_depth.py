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
    axis: str = "data"
    n_layers: int = 2

class Block:
    def __init__(self, cfg):
        self.cfg = cfg
    def __call__(self, x):
        s = lax.psum(x, self.cfg.axis)
        return lax.all_gather(s, self.cfg.axis, to="reduced", tiled=True)  # SF101

class Model:
    def __init__(self, cfg):
        self.layers = [Block(cfg) for _ in range(cfg.n_layers)]
    def __call__(self, x):
        return [layer(x) for layer in self.layers]

cfg = Config()
model = Model(cfg)
f = jax.shard_map(model, mesh=jax.make_mesh((8,), ("data",)), in_specs=P("data"), out_specs=[P(None, reduced={"data"})] * 2)
