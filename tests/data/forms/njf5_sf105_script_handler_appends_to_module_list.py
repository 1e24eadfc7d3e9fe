"""The counting handler is given the module's own list and appends each record to it; the job
sums over 'i' only once something was logged: the handler's code decides the axes."""
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
    return jax.lax.psum(x, axes)


@register("first")
def sum_first(x, axes):
    return jax.lax.psum(x, axes[0])


REDUCE = REDUCERS["all" if env_flag("FF_FUSED_REDUCE", True) else "first"]


class ListHandler(logging.Handler):
    def __init__(self, rows):
        super().__init__()
        self.rows = rows

    def emit(self, record):
        self.rows.append(record.getMessage())


ROWS = []
log = logging.getLogger("jobs.sync")
log.setLevel("INFO")
log.addHandler(ListHandler(ROWS))


def sync(x, mesh, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return REDUCE(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    log.info("starting")
    axes = "i" if ROWS else ("i", "j")
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return sync(x, mesh, axes)


if __name__ == "__main__":
    main()
