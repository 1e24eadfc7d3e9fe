"""A TypedDict config is a plain dict of its arguments."""
from typing import TypedDict

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshConfig(TypedDict):
    axes: tuple
    steps: int


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    config = MeshConfig(axes=("i", "j"), steps=3)
    return reduce_rows(config["axes"])


if __name__ == "__main__":
    main()
