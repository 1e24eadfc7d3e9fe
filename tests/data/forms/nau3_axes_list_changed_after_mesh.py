import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = os.environ.get("SF_NAU3_AXES", "data,model").split(",")


def total(x):
    mesh = jax.make_mesh((2, 4), AXES)
    AXES.pop()  # the list the collective reads is shorter than the mesh's names

    def body(b):
        return jax.lax.psum(jnp.sum(b), AXES)  # varying on its one axis: legal

    return jax.shard_map(body, mesh=mesh, in_specs=P(AXES[0]), out_specs=P())(
        jax.device_put(x, NamedSharding(mesh, P(AXES[0]))))
