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

class Trainer:
    def __init__(self, config: Config, mesh):
        self.config = config
        self.mesh = mesh
    def _step(self, x):
        s = lax.psum(x, self.config.axis)
        return lax.all_gather(s, self.config.axis, to="reduced", tiled=True)  # SF101
    def run(self, x):
        return jax.shard_map(self._step, mesh=self.mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)

def main(mesh, x):
    trainer = Trainer(Config(), mesh)
    return trainer.run(x)
