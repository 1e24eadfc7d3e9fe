import os

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

COMPUTE = getattr(jnp, os.environ.get("CC13_COMPUTE_DTYPE", "bfloat16"))


def body(w):
    total = jax.lax.psum(w, "j").astype(COMPUTE)
    return jax.lax.all_gather(total, "j", axis=1, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
