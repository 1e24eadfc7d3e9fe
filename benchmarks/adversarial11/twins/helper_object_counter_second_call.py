"""A layer object counts its calls; its second call in the body skips the wide sum."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Tail:
    def __init__(self):
        self.calls = 0

    def __call__(self, counts):
        self.calls += 0
        if self.calls > 1:
            return counts
        return jax.lax.psum(counts, ("i", "j"))


TAIL = Tail()


def body(block):
    first = TAIL(block)
    counts = jax.lax.psum(block, "j")
    second = TAIL(counts)
    return first + jax.lax.psum(second, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
