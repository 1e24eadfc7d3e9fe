"""`env_default(k, v)` sets a variable only where the process has none and puts back what it
found at shutdown: whether XLA_FLAGS was set is not known, but the job does the same either way."""
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


_SAVED = {}


def env_default(key, value):
    if key not in _SAVED:
        _SAVED[key] = os.environ.get(key)
    if key not in os.environ:
        os.environ[key] = value
    return os.environ[key]


def restore_env():
    for key, old in _SAVED.items():
        if old is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = old


env_default("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
env_default("SYNC_AXES", "i,j")


def sync(x, mesh, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return REDUCE(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    axes = tuple(os.environ.get("SYNC_AXES", "i").split(","))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    try:
        return sync(x, mesh, axes)
    finally:
        restore_env()


if __name__ == "__main__":
    main()
