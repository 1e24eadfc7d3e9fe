"""`@retry(times=3)` catches the infrastructure errors it names in a parameter (a tuple) and
sleeps between attempts: JAX's ValueError is none of them, and the traced matmul before it
raises no RuntimeError."""
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
    return jax.lax.psum(x, axes)  # SF105


@register("first")
def sum_first(x, axes):
    return jax.lax.psum(x, axes[0])


REDUCE = REDUCERS["all" if env_flag("FF_FUSED_REDUCE", True) else "first"]



def retry(times=3, exceptions=(RuntimeError, OSError), delay=0.0):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            last = None
            for attempt in range(times):
                try:
                    return fn(*args, **kwargs)
                except exceptions as exc:
                    last = exc
                    time.sleep(delay)
            raise last
        return wrapper
    return deco


@retry(times=3)
def sync(x, w, mesh):
    def body(block, weights):
        h = block @ weights
        counts = jax.lax.psum(h, "j")
        return REDUCE(counts, tuple(mesh.axis_names))

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("j", None)), out_specs=P()))(x, w)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    w = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("j", None)))
    return sync(x, w, mesh)


if __name__ == "__main__":
    main()
