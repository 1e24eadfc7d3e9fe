"""Gather weights to reduced over the first FSDP axis, then sum grads over the remaining (none by default)."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = tuple(os.environ.get("SHARD_AXES", "s").split(","))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(w):
    mesh = jax.make_mesh((8,), ("s",))
    w = jax.device_put(w, NamedSharding(mesh, P(AXES[0])))

    def body(wb):
        full = jax.lax.all_gather(wb, AXES[0], to="reduced", tiled=True)
        return jax.lax.psum(jnp.abs(full), AXES[1:])

    return jax.shard_map(body, mesh=mesh, in_specs=P(AXES[0]), out_specs=P(reduced={AXES[0]}))(w)


if __name__ == "__main__":
    print(main(*inputs()))
