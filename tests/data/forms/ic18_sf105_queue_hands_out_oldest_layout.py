"""A FIFO `queue.Queue` hands out the layout put first."""
import queue

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
    layouts = queue.Queue()
    layouts.put(("i", "j"))
    layouts.put(("i",))
    return reduce_rows(layouts.get())


if __name__ == "__main__":
    main()
