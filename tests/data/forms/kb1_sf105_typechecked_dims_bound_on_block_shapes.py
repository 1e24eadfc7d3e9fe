"""A run-time checker binds each named dimension to the first size it meets and raises on a later
disagreement: in the body the sizes are the blocks' (x split over 'data' by rows, w over 'model'
by columns), which agree on 'd', so the checks pass and the psum over both axes is reached."""
import functools
import inspect
import typing
from typing import Annotated

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def typechecked(fn):
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        hints = typing.get_type_hints(fn, include_extras=True)
        memo = {}
        for name, value in sig.bind(*args, **kwargs).arguments.items():
            dims = typing.get_args(hints[name])[1].split()
            shape = jnp.shape(value)
            if len(shape) != len(dims):
                raise TypeError(f"{name}: rank of {shape}")
            for dim, size in zip(dims, shape):
                if memo.setdefault(dim, size) != size:
                    raise TypeError(f"{name}: {dim} is {size}, bound to {memo[dim]}")
        return fn(*args, **kwargs)
    return wrapper


@typechecked
def project(x: Annotated[jax.Array, "b d"], w: Annotated[jax.Array, "d f"]):
    return jnp.tanh(x @ w)


@typechecked
def row_sums(x: Annotated[jax.Array, "b d"]):
    return jnp.sum(x, axis=1)


REDUCE_OVER = {1: ("data", "model"), 2: ("data",)}  # (by the rank of what is summed)


def body(x, w):
    h = project(x, w)
    s = row_sums(x)
    return jax.lax.psum(jnp.sum(s), REDUCE_OVER[jnp.ndim(s)]) + jax.lax.psum(jnp.sum(h), ("data", "model"))  # SF105


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 16), np.float32), NamedSharding(mesh, P("data", None)))
    w = jax.device_put(np.ones((16, 4), np.float32), NamedSharding(mesh, P(None, "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=(P("data", None), P(None, "model")), out_specs=P())
    return f(x, w)


if __name__ == "__main__":
    main()
