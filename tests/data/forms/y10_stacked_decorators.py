from functools import partial

import jax
from jax.sharding import PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))


@jax.jit
@partial(jax.shard_map, mesh=MESH, in_specs=P("i", "j"), out_specs=P())
def grad_norm(g):
    sq = jax.lax.psum(g * g, "i")
    return jax.lax.psum(sq, ("i", "j"))  # SF105


def run(x):
    return grad_norm(x)
