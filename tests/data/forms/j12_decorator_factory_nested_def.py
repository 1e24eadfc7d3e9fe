import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def sharded(mesh, in_specs, out_specs):
    def decorator(fn):
        return jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs))
    return decorator

def main(x):
    mesh = jax.make_mesh((8,), ("i",))

    @sharded(mesh, P("i"), P(None, reduced={"i"}))
    def step(v):
        s = lax.psum(v, "i")
        return lax.all_gather(s, "i", to="reduced", tiled=True)  # SF101

    return step(x)
