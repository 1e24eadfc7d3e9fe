"""The axes come from a ContextVar a context manager sets: read inside the block, they are both."""
import contextlib
import contextvars

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


AXES: contextvars.ContextVar[tuple] = contextvars.ContextVar("axes", default=("i",))


@contextlib.contextmanager
def over(axes):
    token = AXES.set(axes)
    try:
        yield
    finally:
        AXES.reset(token)


def main():
    with over(("i", "j")):
        return run(AXES.get())


if __name__ == "__main__":
    main()
