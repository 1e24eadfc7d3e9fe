"""A value reduced on IN[0] ('data') is psummed over IN[1] ('model'), on which it varies."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


IN = P("data", "model")


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, IN))

    def body(block):
        r = jax.lax.all_gather(block, IN[0], to="reduced", tiled=True)
        return jax.lax.psum(r, IN[1])

    return jax.shard_map(body, mesh=mesh, in_specs=IN, out_specs=P(None, None, reduced={IN[0]}))(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
