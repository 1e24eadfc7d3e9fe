"""A `Literal` of one name: `get_args` gives that one axis."""
from typing import Literal, get_args

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AxisName = Literal["i"]


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    return reduce_rows(get_args(AxisName))


if __name__ == "__main__":
    main()
