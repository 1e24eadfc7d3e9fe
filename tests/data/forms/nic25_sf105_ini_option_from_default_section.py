"""The section has no `axes`: ConfigParser reads the DEFAULT section's one axis."""
import configparser

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


INI = """
[DEFAULT]
axes = i
[mesh]
steps = 10
"""


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    config = configparser.ConfigParser()
    config.read_string(INI)
    return reduce_rows(tuple(config.get("mesh", "axes", fallback="i,j").split(",")))


if __name__ == "__main__":
    main()
