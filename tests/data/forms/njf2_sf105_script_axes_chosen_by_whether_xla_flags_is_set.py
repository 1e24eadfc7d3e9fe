"""The axes depend on whether the process was given XLA_FLAGS: set (as on the test machines),
the job sums over 'i' only and runs; a model that took the variable as unset would report."""
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



def sync(x, mesh, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return REDUCE(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    flags = os.environ.get("XLA_FLAGS")
    axes = ("i", "j") if flags is None else "i"
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return sync(x, mesh, axes)


if __name__ == "__main__":
    main()
