"""The reduce axis is SPECS['w'][0] of a specs table whose 'w' entry is P('data', None)."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


SPECS = {"w": P("data", None), "b": P(("data", "model"))}


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, SPECS["w"]))

    def body(block):
        return jax.lax.psum(block.sum(axis=0), SPECS["w"][0])

    return jax.shard_map(body, mesh=mesh, in_specs=SPECS["w"], out_specs=P())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
