import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
class Block:
    def __init__(self, axis):
        self.axis = axis
    def __call__(self, x):
        s = lax.psum(x, self.axis)
        return lax.all_gather(s, self.axis, to="reduced", tiled=True)  # SF101

class Net:
    def __init__(self, n):
        self.blocks = [Block("i") for _ in range(n)]
    def __call__(self, x):
        for b in self.blocks:
            x = b(x)
        return x

net = Net(2)
def run(mesh, x):
    return jax.shard_map(net, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
