"""A library call runs a plain method or hook of the file that ends the job (errstate call object)."""
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


class Log:
    def write(self, message):
        sys.exit(0)


LOG = Log()


def main(mesh, x):
    with np.errstate(all="log", call=LOG):
        np.float64(1.0) / np.float64(2.0)
    return reduce_rows(mesh, x, ("i", "j"))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
