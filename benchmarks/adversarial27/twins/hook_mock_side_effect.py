"""A library call runs a plain method or hook of the file that ends the job (mock side effect)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import random
import string
import sys
import unittest.mock
import xml.sax


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


JOB = unittest.mock.Mock(side_effect=sys.exit)


def main(mesh, x):
    JOB.reset_mock()
    return reduce_rows(mesh, x, ("i", "j"))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
