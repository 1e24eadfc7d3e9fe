import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
AX = "i"
def body(x, axis):
    s = lax.psum(x, axis)
    return lax.all_gather(s, axis, to="reduced", tiled=True)  # SF101

def run(mesh, x):
    return jax.shard_map(partial(body, axis=AX), mesh=mesh, in_specs=P(AX), out_specs=P(None, reduced={AX}))(x)
