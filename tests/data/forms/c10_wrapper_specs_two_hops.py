import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(w):
    full = lax.all_gather(w, "i", to="reduced", tiled=True)
    return lax.all_gather(full, ("i", "j"), to="reduced", tiled=True)  # SF102

def shard(fn, mesh, specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=specs, out_specs=P(reduced={"i", "j"}))

def compile_step(fn, mesh, specs=P("i", "j")):
    return jax.jit(shard(fn, mesh, specs))

def run(mesh, x):
    return compile_step(body, mesh)(x)
