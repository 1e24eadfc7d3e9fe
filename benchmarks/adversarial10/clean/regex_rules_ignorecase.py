"""A case-insensitive rule earlier in the list catches "BATCH"."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import re

RULES = [(re.compile("batch", re.IGNORECASE), ("i",)), (re.compile("BATCH"), ("i", "j"))]


def mesh_axes(logical):
    for pattern, axes in RULES:
        if pattern.fullmatch(logical):
            return axes
    return ()


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, mesh_axes("BATCH"))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
