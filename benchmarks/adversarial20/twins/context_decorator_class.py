"""A ContextDecorator class whose __exit__ returns True, used as a decorator."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import contextlib


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


class Optional(contextlib.ContextDecorator):
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return True


STATE = {"axes": ("i",)}


@Optional()
def widen():
    if jax.device_count() < 4:
        raise RuntimeError("small host")
    STATE["axes"] = ("i", "j")


def main(mesh, x):
    widen()
    axes = STATE["axes"]
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
