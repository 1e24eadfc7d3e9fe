"""A block's last size times two is still a Python int: psum multiplies it by the axis size, tracing nothing, and the body runs on to the mixed reduction (over axes the script computes)."""
import random

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_body(axes):
    def body(block):
        rows = jax.lax.psum(block.shape[-1] * 2, "j")
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes) / rows  # SF105

    return body


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))
ROLES = ["i", "j"]


def main():
    axes = tuple(sorted(random.Random(0).sample(ROLES, 2)))
    return jax.shard_map(make_body(axes), mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


if __name__ == "__main__":
    main()
