import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
REDUCE = "sum"
def body(x):
    if REDUCE == "mean":
        g = lax.pmean(x, "i")
    elif REDUCE == "sum":
        g = lax.psum(x, "i")
    else:
        g = x
    return lax.all_gather(g, "i", to="reduced", tiled=True)  # SF101

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
