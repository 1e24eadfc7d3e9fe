"""A generator walking another with a for loop is left suspended outside any try of its own:
freeing it (when peek() returns) frees the inner generator too, whose finally block sets 'i'
before the body runs (a model that looked only at the outer generator's yield would see both)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SETTINGS = {"axes": ("i", "j")}


def session():
    try:
        yield SETTINGS
    finally:
        SETTINGS["axes"] = "i"


def sessions():
    for item in session():
        yield item


def peek():
    gen = sessions()
    return next(gen)


def main():
    peek()
    return reduce_over(SETTINGS["axes"])


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
