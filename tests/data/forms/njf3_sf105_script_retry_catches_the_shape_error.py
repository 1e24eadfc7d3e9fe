"""The retry decorator is told to catch TypeError and then falls back to a plain sum: the traced
matmul before the reducer fails its shape check (the weights are not split like the block's
columns), so the reducer's line is never reached and the program ends normally."""
import functools
import time

import os

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCERS = {}


def env_flag(name, default=False):
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.strip().lower() in ("1", "true", "yes")


def register(name):
    def deco(fn):
        REDUCERS[name] = fn
        return fn
    return deco


@register("all")
def sum_all(x, axes):
    return jax.lax.psum(x, axes)


@register("first")
def sum_first(x, axes):
    return jax.lax.psum(x, axes[0])


REDUCE = REDUCERS["all" if env_flag("FF_FUSED_REDUCE", True) else "first"]



def retry(times=2, exceptions=(RuntimeError,), fallback=None):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for attempt in range(times):
                try:
                    return fn(*args, **kwargs)
                except exceptions:
                    time.sleep(0.0)
            return fallback(*args, **kwargs)
        return wrapper
    return deco


def plain_sum(x, w, mesh):
    return jax.jit(jax.shard_map(lambda b, v: jax.lax.psum(b, "j"), mesh=mesh, in_specs=(P("i", "j"), P()),
                                 out_specs=P("i")))(x, w)


@retry(exceptions=(TypeError,), fallback=plain_sum)
def sync(x, w, mesh):
    def body(block, weights):
        h = block @ weights
        counts = jax.lax.psum(h, "j")
        return REDUCE(counts, tuple(mesh.axis_names))

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P()), out_specs=P()))(x, w)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    w = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P()))
    return sync(x, w, mesh)


if __name__ == "__main__":
    main()
