import os

import jax
from jax.sharding import PartitionSpec as P


def run(mesh, x):
    batch = os.getenv("SHARDFIX_AK12_BATCH", "i")
    model = os.environ.get("SHARDFIX_AK12_MODEL", "j")

    def body(v):
        w = jax.lax.all_gather(v, model, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(w, model)  # SF103

    return jax.shard_map(body, mesh=mesh, in_specs=P(batch, model), out_specs=P(batch, None))(x)
