"""The profiling manager logs a failed step and swallows the error, and the job then sums over
'i' only: JAX raises inside the block but the program goes on and ends normally."""
import contextlib
import logging

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


log = logging.getLogger("jobs.sync")
FAILED = []


@contextlib.contextmanager
def profile(name):
    try:
        yield
    except Exception:
        FAILED.append(name)


def sync(x, mesh, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return REDUCE(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    out = None
    with profile("step"):
        out = sync(x, mesh, ("i", "j"))
    if FAILED:
        out = sync(x, mesh, "i")
    return out


if __name__ == "__main__":
    main()
