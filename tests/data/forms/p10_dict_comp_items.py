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
    grads = {k: lax.psum(v, "i") for k, v in grads.items()}
    return lax.all_gather(grads["w"], "i", to="reduced", tiled=True)  # SF101

def run(mesh, w, b):
    return jax.shard_map(body, mesh=mesh, in_specs=({"w": P("i"), "b": P("i")},), out_specs=P(None, reduced={"i"}))({"w": w, "b": b})
