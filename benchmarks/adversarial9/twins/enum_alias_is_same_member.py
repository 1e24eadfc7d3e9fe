"""FIXED is an alias of CONSTANT (same value), so `factor is Factor.CONSTANT` holds for the
default Factor.FIXED and the helper returns a constant."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


class Factor(enum.Enum):
    TOKENS = 1
    CONSTANT = 2
    FIXED = 3


def normalizer(block, factor=Factor.FIXED):
    if factor is Factor.CONSTANT:
        return jnp.float32(1.0)
    local = jax.lax.psum(jnp.sum(block), "j")
    return jax.lax.psum(local, ("i", "j"))


def main(mesh, x):
    return jax.shard_map(normalizer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
