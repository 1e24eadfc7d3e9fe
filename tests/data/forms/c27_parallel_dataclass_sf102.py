import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
@dataclass
class Parallel:
    dp: str = "dp"
    tp: str = "tp"

def body(x, par: Parallel):
    g = lax.all_gather(x, axis_name=par.tp, to="reduced", tiled=True)
    return lax.all_gather(g, axis_name=(par.dp, par.tp), to="reduced", tiled=True)  # SF102

def build(mesh, par):
    return jax.jit(jax.shard_map(partial(body, par=par), mesh=mesh, in_specs=P(par.dp, par.tp),
                                 out_specs=P(None, reduced={par.dp, par.tp})))

def main():
    par = Parallel()
    return build(jax.make_mesh((2, 4), (par.dp, par.tp)), par)
