"""A line reader polled by iter(reader.readline, "") until it answers the empty
sentinel: both axis lines are read before it."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reader:
    def __init__(self, lines):
        self.lines = list(lines)

    def readline(self):
        return self.lines.pop(0) if self.lines else ""


def main():
    reader = Reader(["i", "j"])
    axes = [line for line in iter(reader.readline, "")]
    return reduce_over(tuple(axes))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
