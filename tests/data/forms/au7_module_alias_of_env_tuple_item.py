import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = tuple(os.environ.get("SF_AU7_AXES", "data,model").split(","))
DATA_AXIS = MESH_AXES[0]


def accuracy(logits, labels):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    put = lambda a: jax.device_put(a, NamedSharding(mesh, P(DATA_AXIS)))

    def body(lg, lb):
        hits = jnp.mean((jnp.argmax(lg, axis=-1) == lb).astype(jnp.float32))
        return jax.lax.pmean(hits, MESH_AXES)  # SF105

    f = jax.shard_map(body, mesh=mesh, in_specs=(P(DATA_AXIS), P(DATA_AXIS)), out_specs=P())
    return f(put(logits), put(labels))
