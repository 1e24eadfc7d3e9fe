from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def main(mesh, x):
    @partial(jax.shard_map, mesh=mesh, in_specs=P("i", "j"), out_specs=P())
    def body(b):
        col = jax.lax.psum(jnp.sum(b), "i")
        return jax.lax.psum(col, mesh.axis_names)  # SF105

    return body(x)
