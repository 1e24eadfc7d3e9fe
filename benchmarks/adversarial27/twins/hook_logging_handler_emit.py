"""A library call runs a plain method or function of the file that ends the job (logging handler emit)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import ast
import cmd
import copy
import copyreg
import csv
import html.parser
import io
import json
import logging
import string
import sys
import asyncio


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


class Stop(logging.Handler):
    def emit(self, record):
        sys.exit(0)


LOG = logging.getLogger("adv27.stop")
LOG.propagate = False
LOG.addHandler(Stop())


def main(mesh, x):
    LOG.debug("done")
    return reduce_rows(mesh, x, ("i", "j"))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
