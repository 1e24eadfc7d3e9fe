import enum

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


class MeshAxes(enum.Enum):
    DATA = "i"
    BATCH = "i"  # an alias of DATA: iteration meets DATA only
    MODEL = "j"


def body(x):
    names = [a.value for a in MeshAxes]
    return lax.psum(jnp.sum(x), ("i", names[1]))


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
