import ast
import os

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

AXES = ast.literal_eval(os.environ.get("SF_NBD2_AXES", "('i',)"))


def loss(mesh, x):
    def body(block):
        part = jax.lax.psum(jnp.sum(block), "j")
        return jax.lax.pmean(part, AXES)  # legal while AXES leaves out 'j'

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
