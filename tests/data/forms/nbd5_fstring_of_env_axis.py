import os

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

AXIS = f"{os.environ.get('SF_NBD5_AXIS', 'i')}"


def gathered(mesh, x):
    def body(block):
        cols = jax.lax.psum(jnp.sum(block, axis=0), "j")
        return jax.lax.all_gather(cols, AXIS, tiled=True, to="reduced")  # varies on AXIS unless it is 'j'

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i"}))(x)
