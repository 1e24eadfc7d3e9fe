import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(params, x):
    full = jax.tree.map(lambda w: lax.all_gather(w, "i", to="reduced", tiled=True), params)
    y = x * full["w"]  # SF106
    return lax.psum(full["b"], "i")  # SF103

def run(mesh, params, x):
    return jax.shard_map(body, mesh=mesh, in_specs=({"w": P("i"), "b": P("i")}, P()), out_specs=P())(params, x)
