"""A reduced gather cast back to varying before it is scaled (the documented fix, already applied)."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP = os.environ.get("FSDP_AXIS", "fsdp")


def inputs():
    return (np.arange(16, dtype=np.float32).reshape(8, 2),)


def main(w):
    mesh = jax.make_mesh((8,), (FSDP,))
    w = jax.device_put(w, NamedSharding(mesh, P(FSDP)))

    def body(w):
        full = jax.lax.all_gather(w, FSDP, to="reduced", tiled=True)
        full = full
        return jax.lax.psum(full * 0.5, FSDP)

    return jax.shard_map(body, mesh=mesh, in_specs=P(FSDP), out_specs=P())(w)
