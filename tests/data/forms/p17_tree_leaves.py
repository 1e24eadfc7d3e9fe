import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(grads):
    leaves = jax.tree_util.tree_leaves(grads)
    summed = [lax.psum(g, "i") for g in leaves]
    return lax.all_gather(summed[0], "i", to="reduced", tiled=True)  # SF101

def run(mesh, grads):
    return jax.shard_map(body, mesh=mesh, in_specs=({"w": P("i"), "b": P("i")},), out_specs=P(None, reduced={"i"}))(grads)
