import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(x):
    s = lax.psum(x, "i")
    return lax.all_gather(s, "i", to="reduced", tiled=True)  # SF101

def make(mesh, cache={}):
    mapper = jax.shard_map(mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))
    if cache.get("mapper") is mapper:
        return cache["fn"]
    fn = mapper(body)
    cache["fn"] = fn
    return fn
