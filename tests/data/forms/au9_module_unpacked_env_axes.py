import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = tuple(os.environ.get("SF_AU9_AXES", "data,model").split(","))
DATA, MODEL = MESH_AXES


def accuracy(logits):
    mesh = jax.make_mesh((4, 2), MESH_AXES)

    def body(lg):
        hits = jax.lax.psum(jnp.mean(lg), MODEL)
        return jax.lax.pmean(hits, (DATA, MODEL))  # SF105

    f = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())
    return f(jax.device_put(logits, NamedSharding(mesh, P(DATA, MODEL))))
