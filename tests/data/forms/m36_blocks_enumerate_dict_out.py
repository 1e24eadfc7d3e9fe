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
    def __init__(self, axis, depth):
        self.blocks = [Block(axis) for _ in range(depth)]
    def __call__(self, x):
        outs = {}
        for k, blk in enumerate(self.blocks):
            outs[f"block{k}"] = blk(x)
        return outs

net = Net("i", 3)
f = jax.shard_map(net, mesh=jax.make_mesh((8,), ("i",)), in_specs=P("i"), out_specs=P(None, reduced={"i"}))
