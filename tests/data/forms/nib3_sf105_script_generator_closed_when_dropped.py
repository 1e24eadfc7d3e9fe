"""A generator left suspended inside try/finally by a helper: CPython closes it when
the helper returns (its last reference gone), and its finally block sets 'i' before the body
runs (a model that never closes it would see both axes)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


SETTINGS = {"axes": ("i", "j")}


def session():
    try:
        yield SETTINGS
    finally:
        SETTINGS["axes"] = "i"


def peek():
    gen = session()
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
