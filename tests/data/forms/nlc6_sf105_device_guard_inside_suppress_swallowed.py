"""The device guard raises inside `with contextlib.suppress(ValueError)`: on 8 devices the raise
is swallowed and the one-axis default stays, so the second psum passes (only 16+ devices widen
the axes)."""
import contextlib

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def wide_axes():
    if len(jax.devices()) < 16:
        raise ValueError("needs 16 devices")
    return ("i", "j")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    axes = ("i",)
    with contextlib.suppress(ValueError):
        axes = wide_axes()

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
