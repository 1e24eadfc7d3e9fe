"""The psum axes are CELLS[0][:1] ('data') of a spec whose first entry is ('data', 'model')."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


CELLS = P(("data", "model"), None)
ROWS = P(CELLS[0][0], None)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, ROWS))

    def body(block):
        return jax.lax.psum(block.sum(axis=0), CELLS[0][:1])

    return jax.shard_map(body, mesh=mesh, in_specs=ROWS, out_specs=P())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
