"""FSDP axes tuple: shard over the first, gather (to reduced) over the last; one axis by default."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP_AXES = tuple(os.environ.get("FSDP_AXES", "fsdp").split(","))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4), np.ones((4, 4), np.float32))


def main(w, x):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    w = jax.device_put(w, NamedSharding(mesh, P(FSDP_AXES[0])))
    x = jax.device_put(x, NamedSharding(mesh, P()))

    def body(wb, xb):
        full = jax.lax.all_gather(wb, FSDP_AXES[-1], to="reduced", tiled=True)
        return jnp.tanh(full) @ xb

    return jax.shard_map(body, mesh=mesh, in_specs=(P(FSDP_AXES[0]), P()), out_specs=P())(w, x)


if __name__ == "__main__":
    print(main(*inputs()))
