"""BATCH_AXIS and FSDP_AXIS are configured apart but are the same axis by default."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH_AXIS = os.environ.get("BATCH_AXIS", "data")
FSDP_AXIS = os.environ.get("FSDP_AXIS", "data")


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4), np.ones((8, 4), np.float32))


def main(w, x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    w = jax.device_put(w, NamedSharding(mesh, P(BATCH_AXIS)))
    x = jax.device_put(x, NamedSharding(mesh, P(BATCH_AXIS)))

    def body(wb, xb):
        full = jax.lax.all_gather(wb, FSDP_AXIS, to="reduced", tiled=True)
        return jnp.abs(full).sum(axis=0), xb * 2.0

    return jax.shard_map(body, mesh=mesh, in_specs=(P(BATCH_AXIS), P(BATCH_AXIS)),
                         out_specs=(P(reduced={FSDP_AXIS}), P(BATCH_AXIS)))(w, x)


if __name__ == "__main__":
    print(main(*inputs()))
