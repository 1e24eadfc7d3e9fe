"""A generator first stepped outside any `try` is resumed inside one whose handler catches
AssertionError: the `assert` on the device count it meets then raises into that handler (on 8
devices it fails), and main keeps the first plan (a psum over "j" only); the second plan's
("i", "j") is never taken."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def plans():
    yield "j"
    assert jax.device_count() % 16 == 0, "wide plans need 16 devices"
    yield ("i", "j")


def reduce_rows(x, mesh, axes):
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    candidates = plans()
    axes = next(candidates)
    try:
        axes = next(candidates)
    except AssertionError:
        pass
    return reduce_rows(np.ones((8, 8), np.float32), mesh, axes)


if __name__ == "__main__":
    main()
