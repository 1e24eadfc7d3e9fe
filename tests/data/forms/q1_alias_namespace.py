import jax
import jax.sharding as jsh
import jax.lax as jl
from jax import sharding as sh
import numpy as np

DATA = "i"

class axes:
    DATA = "i"

ax = axes

def body(x):
    s = jl.psum(x, ax.DATA)
    return jl.all_gather(s, ax.DATA, to="reduced", tiled=True)  # SF101

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=jsh.PartitionSpec(DATA), out_specs=sh.PartitionSpec(None, reduced={DATA}))(x)
