"""A module flag that is False keeps the two-axis psum in a branch that never runs."""
import contextlib
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


FULL = False


def body(block):
    v = block.sum(axis=0)
    if FULL:
        return jax.lax.psum(v, ("data", "model"))
    return jax.lax.psum(v, "data")

def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
