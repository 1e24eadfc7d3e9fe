"""A worker sets its future's exception; the caller tests future.exception()'s class."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import concurrent.futures


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def check(x):
    return x.reshape(8, 8)


def attempt(x, future):
    try:
        future.set_result(check(x))
    except Exception as exc:
        future.set_exception(exc)


def main(mesh, x):
    future = concurrent.futures.Future()
    attempt(x, future)
    axes = ("i",) if isinstance(future.exception(), TypeError) else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
