"""A @contextmanager object used as a decorator swallows around the function."""
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


@contextlib.contextmanager
def tolerant():
    try:
        yield
    except ValueError:
        pass


STATE = {"axes": ("i",)}


@tolerant()
def widen():
    if jax.device_count() < 4:
        raise ValueError("small host")
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
