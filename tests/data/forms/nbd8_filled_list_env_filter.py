import os

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

SKIP = os.environ.get("SF_NBD8_SKIP", "j")


def totals(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    axes = []
    for name in mesh.axis_names:
        if name != SKIP:
            axes.append(name)

    def body(block):
        part = jax.lax.psum(jnp.sum(block), "j")
        return jax.lax.pmean(part, tuple(axes))  # 'j' is skipped by default

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
