"""A transparent timing decorator stacked over one that casts the argument to varying."""
import functools
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TIMINGS = {}


def timed(fn):
    @functools.wraps(fn)
    def inner(*a, **k):
        t0 = time.perf_counter()
        out = fn(*a, **k)
        TIMINGS[fn.__name__] = time.perf_counter() - t0
        return out
    return inner


def spread_over(axis):
    def deco(fn):
        @functools.wraps(fn)
        def inner(x):
            return fn(x)
        return inner
    return deco


@timed
@spread_over("tp")
def all_reduce(v):
    return jax.lax.psum(v, ("dp", "tp"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    body = lambda v: all_reduce(jnp.mean(v, axis=0))
    return jax.shard_map(body, mesh=mesh, in_specs=P("dp", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
