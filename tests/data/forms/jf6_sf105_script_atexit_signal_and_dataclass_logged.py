"""A job that registers its clean-up with atexit and a SIGTERM handler, and logs its dataclass
config as a message argument (its generated repr runs no code of the program's)."""
import atexit
import dataclasses
import json
import logging
import logging.config
import os
import signal

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

log = logging.getLogger("jobs.sync")
UNDO = []


@dataclasses.dataclass
class SyncConfig:
    rows: int = 8
    axes: tuple = ("i", "j")


def _undo_env():
    for key in UNDO:
        os.environ.pop(key, None)


def _on_term(signum, frame):
    raise SystemExit(143)


atexit.register(_undo_env)


def sync(x, mesh, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return REDUCE(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    signal.signal(signal.SIGTERM, _on_term)
    cfg = SyncConfig()
    log.info("config %s", cfg)
    mesh = jax.make_mesh((2, 4), cfg.axes)
    x = jax.device_put(np.ones((cfg.rows, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return sync(x, mesh, cfg.axes)


if __name__ == "__main__":
    main()
