import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def reduce(x, mean):
    if mean:
        return lax.pmean(x, "i")
    return lax.psum(x, "i")

def body(x):
    y = reduce(x, x.shape[0] > 1)
    return lax.all_gather(y, "i", to="reduced", tiled=True)  # SF101

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
