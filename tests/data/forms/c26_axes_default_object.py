import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
@dataclass(frozen=True)
class Axes:
    data: str = "data"
    fsdp: str = "fsdp"

AX = Axes()

def fsdp_gather(w, axes=AX):
    return lax.all_gather(w, axis_name=axes.fsdp, to="reduced", tiled=True)

def train_step(params, batch):
    w = fsdp_gather(params)
    w2 = w.astype(jnp.bfloat16).reshape(w.shape[0], -1)
    grads = lax.psum(w2, axis_name=AX.fsdp)  # SF103
    return grads

def compile_step(mesh):
    return jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(AX.fsdp), P(AX.data)), out_specs=P()))
