import math

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

HEAD_DIM = 16


def relu(v):
    return jnp.maximum(v, 0.0)  # SF106


def body(q):
    keys = jax.lax.all_gather(q, "i", axis=0, tiled=True, to="reduced")
    scores = keys / math.sqrt(HEAD_DIM)  # SF106
    return relu(keys), scores


def run(mesh, x):
    spec = P(None, "j", reduced={"i"})
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=(spec, spec))(x)
