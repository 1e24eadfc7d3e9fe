import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(a, b):
    summed = [lax.psum(g, "i") for g in (a, b)]
    return lax.all_gather(summed[0], "i", to="reduced", tiled=True)  # SF101

def run(mesh, a, b):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i")), out_specs=P(None, reduced={"i"}))(a, b)
