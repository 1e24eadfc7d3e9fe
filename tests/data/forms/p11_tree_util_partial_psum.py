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
    grads = jax.tree_util.tree_map(functools.partial(lax.pmean, axis_name="i"), grads)
    return lax.all_gather(grads["w"], "i", to="reduced", tiled=True)  # SF101

def run(mesh, grads):
    return jax.shard_map(body, mesh=mesh, in_specs=({"w": P("i"), "b": P("i")},), out_specs=P(None, reduced={"i"}))(grads)
