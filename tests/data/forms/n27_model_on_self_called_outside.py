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
class Head:
    axis: str = "i"
    def __call__(self, x):
        s = lax.psum(x, self.axis)
        return lax.all_gather(s, self.axis, to="reduced", tiled=True)  # none

class Trainer:
    def __init__(self, mesh):
        self.mesh = mesh
        self.head = Head()
    def run(self, x):
        return jax.shard_map(lambda v: self.head(v), mesh=self.mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
    def eval(self, x):
        return self.head(x)

def main(mesh, x):
    return Trainer(mesh).run(x)
