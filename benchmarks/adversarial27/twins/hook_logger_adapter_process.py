"""A library call runs a plain method or hook of the file that ends the job (logger adapter process)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import ast
import collections
import configparser
import csv
import io
import logging
import pickle
import sys


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


class Tagged(logging.LoggerAdapter):
    def process(self, msg, kwargs):
        sys.exit(0)


LOG = Tagged(logging.getLogger("adv27.tagged"), {})


def main(mesh, x):
    LOG.isEnabledFor(1)
    return reduce_rows(mesh, x, ("i", "j"))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
