import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(state):
    mu = lax.all_gather(state["opt"]["mu"], "i", to="reduced", tiled=True)
    return lax.psum(mu, "i")  # SF103

def run(mesh, state):
    specs = {"params": {"w": P("i")}, "opt": {"mu": P("i"), "nu": P("i")}}
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(state)
