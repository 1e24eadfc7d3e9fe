"""Logical-axis rules as regexes: the first rule that matches decides."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import re

RULES = [
    (r"batch.*", ("i",)),
    (r"batch_all", ("i", "j")),
]


def mesh_axes(logical):
    for pattern, axes in RULES:
        if re.fullmatch(pattern, logical):
            return axes
    raise KeyError(logical)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, mesh_axes("batch_all"))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
