"""An `assert` on the device count inside `with contextlib.suppress(AssertionError):` does not end
the program: on 8 devices it fails, suppress swallows it, and the plan set before the `with` (a
psum over "j" only) is used."""
import contextlib

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_rows(x, mesh, axes):
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    axes = "j"
    with contextlib.suppress(AssertionError):
        assert jax.device_count() % 16 == 0, "the wide reduction needs a multiple of 16 devices"
        axes = ("i", "j")
    return reduce_rows(np.ones((8, 8), np.float32), mesh, axes)


if __name__ == "__main__":
    main()
