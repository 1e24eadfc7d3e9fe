"""`Span(..) + Narrow(..)` with Narrow a subclass that overrides `__radd__`: Python asks
`Narrow.__radd__` first, and it keeps only the left axes; `Span.__add__` (both axes) never runs."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


class Span:
    def __init__(self, *names):
        self.names = names

    def __add__(self, other):
        return self.names + other.names

    def __radd__(self, other):
        return other.names + self.names


class Narrow(Span):
    def __radd__(self, other):
        return other.names


def reduce_over(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


def main():
    same = Span("i") + Span("j")
    assert same == ("i", "j")
    return reduce_over(Span("i") + Narrow("j"))


if __name__ == "__main__":
    main()
