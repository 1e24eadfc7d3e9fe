import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(x, mean=False):
    y = lax.pmean(x, "i") if mean else lax.psum(x, "i")
    return lax.all_gather(y, "i", to="reduced", tiled=True)  # SF101

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
