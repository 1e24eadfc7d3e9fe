"""A loop rebinds spec; after it spec is the last entry, split over both axes."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    for spec in (P("data", "model"), P("data", None)):
        pass
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block.sum(axis=0), ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
