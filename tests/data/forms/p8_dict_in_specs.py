import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(params):
    s = lax.psum(params, "i")
    return lax.all_gather(s["w"], "i", to="reduced", tiled=True)  # SF101

def run(mesh, params):
    return jax.shard_map(body, mesh=mesh, in_specs=({"w": P("i"), "b": P("i")},), out_specs=P(None, reduced={"i"}))(params)
