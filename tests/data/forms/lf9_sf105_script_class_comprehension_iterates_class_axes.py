"""A class-body comprehension's first iterable is read in the class body: the class's own axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = ("i",)


class Layout:
    ROWS = ("i", "j")
    SYNC = [a for a in ROWS]


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    axes = tuple(Layout.SYNC)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
