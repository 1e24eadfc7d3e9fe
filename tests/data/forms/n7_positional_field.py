import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
import equinox as eqx

class Block(eqx.Module):
    axis: str
    scale: float = 1.0
    def apply(self, x):
        s = lax.psum(x, self.axis)
        return lax.all_gather(s, self.axis, to="reduced", tiled=True)  # SF101
    def run(self, mesh, x):
        return jax.shard_map(self.apply, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)

def main(mesh, x):
    return Block("i", 2.0).run(mesh, x)
