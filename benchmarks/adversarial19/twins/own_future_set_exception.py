"""A home-made future records the exception; the caller checks it and falls back."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


class Future:
    def __init__(self):
        self.error = None
        self.value = None

    def set_exception(self, exc):
        self.error = exc


def submit(fn):
    fut = Future()
    try:
        fut.value = fn()
    except Exception as exc:
        fut.set_exception(exc)
    return fut


def tpu_axes():
    jax.devices("cpu")
    return ("i", "j")


def main(mesh, x):
    fut = submit(tpu_axes)
    axes = ("i",) if fut.error is not None else fut.value
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
