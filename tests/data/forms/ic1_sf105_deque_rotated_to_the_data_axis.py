"""`deque.rotate(1)` moves the last axis to the front: the reduction is over both axes."""
from collections import deque

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    order = deque(["j", "i"])
    order.rotate(1)
    return reduce_rows(tuple(order))


if __name__ == "__main__":
    main()
