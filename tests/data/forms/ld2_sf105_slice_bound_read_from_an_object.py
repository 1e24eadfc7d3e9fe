"""`stop.n` is 2: `NAMES[:2]` is ("i", "j"), and the psum over both of a value invariant on
"i" raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NAMES = ("i", "j")


class Depth:
    def __init__(self, n):
        self.n = n

    def __index__(self):
        return self.n


def pick(stop):
    try:
        return NAMES[:stop.n]
    except TypeError:
        return NAMES[:2]


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return reduce_rows(mesh, x, pick(Depth(2)))


if __name__ == "__main__":
    main()
