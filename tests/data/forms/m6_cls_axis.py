import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
class Trainer:
    AXIS = "i"
    @classmethod
    def body(cls, x):
        s = lax.psum(x, cls.AXIS)
        return lax.all_gather(s, cls.AXIS, to="reduced", tiled=True)  # SF101
    @classmethod
    def run(cls, mesh, x):
        return jax.shard_map(cls.body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
