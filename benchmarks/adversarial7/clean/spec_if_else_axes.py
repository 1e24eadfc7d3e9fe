"""The axes follow the spec chosen in an if/else: the rows branch is taken and psums over 'data'."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


MODE = "rows"


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    if MODE == "rows":
        spec, axes = P("data", None), ("data",)
    else:
        spec, axes = P("data", "model"), ("data", "model")
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        return jax.lax.psum(block.sum(axis=0), axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
