"""What the helper prints inside `redirect_stdout` is the axes list."""
import contextlib
import io

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def show_axes():
    print("i", "j", sep=",")


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        show_axes()
    return reduce_rows(tuple(captured.getvalue().strip().split(",")))


if __name__ == "__main__":
    main()
