"""The config logged as a message argument has a field whose own __repr__ records that it was
shown, and the job sums over 'i' only once it was: formatting the message decides the axes."""
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

log = logging.getLogger("jobs.sync")
log.setLevel("INFO")
log.addHandler(logging.StreamHandler())
SHOWN = []


class Axes:
    def __init__(self, names):
        self.names = names

    def __repr__(self):
        SHOWN.append(self.names)
        return "Axes(%r)" % (self.names,)


@dataclasses.dataclass
class SyncConfig:
    rows: int = 8
    axes: Axes = dataclasses.field(default_factory=lambda: Axes(("i", "j")))


def sync(x, mesh, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return REDUCE(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    cfg = SyncConfig()
    log.info("config %s", cfg)
    axes = "i" if SHOWN else cfg.axes.names
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((cfg.rows, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return sync(x, mesh, axes)


if __name__ == "__main__":
    main()
