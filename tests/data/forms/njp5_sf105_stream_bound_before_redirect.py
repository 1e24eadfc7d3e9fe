"""`OUT = sys.stdout` read at import is the real stdout: inside `redirect_stdout` what is printed
to it goes to the terminal, so the buffer holds "j" alone and the body runs."""
import contextlib
import io
import sys
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def operands():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))


OUT = sys.stdout


def show():
    print("i", file=OUT)
    print("j")


def main():
    mesh, x = operands()
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        show()
    return reduce_rows(mesh, x, tuple(buffer.getvalue().split()))


if __name__ == "__main__":
    main()
