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
    total = 0.0
    for g in jax.tree.leaves(grads):
        total = total + jnp.sum(g * g)
    total = lax.psum(total, "i")
    return lax.all_gather(total, "i", to="reduced")  # SF101

def run(mesh, grads):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(grads)
