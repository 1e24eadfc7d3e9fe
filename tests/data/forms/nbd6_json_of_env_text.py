import json
import os

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

CONFIG = json.loads(os.environ.get("SF_NBD6_CONFIG", '{"reduce": ["i"]}'))


def loss(mesh, x):
    def body(block):
        part = jax.lax.psum(jnp.sum(block), "j")
        return jax.lax.pmean(part, tuple(CONFIG["reduce"]))  # legal while the list leaves out 'j'

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
