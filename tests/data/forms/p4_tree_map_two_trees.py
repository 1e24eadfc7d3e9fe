import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(params, grads):
    g = jax.tree.map(lambda p, d: lax.psum(p * d, "i"), params, grads)
    return jax.tree.map(lambda v: lax.all_gather(v, "i", to="reduced", tiled=True), g)  # SF101

def run(mesh, params, grads):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i")), out_specs=P(None, reduced={"i"}))(params, grads)
