"""A context manager whose __exit__ swallows the error kinds it was given (by
issubclass): the KeyError raised by a helper inside the block is swallowed, leaving both axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Suppressing:
    def __init__(self, *kinds):
        self.kinds = kinds

    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        return kind is not None and issubclass(kind, self.kinds)


def lookup(table, key):
    return table[key]


def main():
    axes = ("i", "j")
    with Suppressing(KeyError):
        axes = lookup({"embed": "i"}, "attention")
    return reduce_over(axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
