"""EXTRA_DATA_AXES (comma list, empty by default) joins 'data' in the loss reduction."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXTRA = tuple(a for a in os.environ.get("EXTRA_DATA_AXES", "").split(",") if a)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P(("data", *EXTRA))))

    def body(b):
        return jax.lax.psum(jnp.sum(b), ("data", *EXTRA))

    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", *EXTRA)), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
