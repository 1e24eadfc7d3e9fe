"""Logging set up by `logging.config.dictConfig`: a JSON formatter class made by its "()" entry,
a handler class counting records in state of its own, the job's logger given both."""
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


class JsonFormatter(logging.Formatter):
    def format(self, record):
        return json.dumps({"level": record.levelname, "msg": record.getMessage()})


class CountingHandler(logging.Handler):
    def __init__(self):
        super().__init__()
        self.counts = {}

    def emit(self, record):
        self.counts[record.levelname] = self.counts.get(record.levelname, 0) + 1


logging.config.dictConfig({
    "version": 1,
    "formatters": {"json": {"()": JsonFormatter}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}},
    "loggers": {"jobs": {"handlers": ["stderr"], "level": "INFO", "propagate": False}},
})
log = logging.getLogger("jobs.sync")
log.addHandler(CountingHandler())


def sync(x, mesh, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return REDUCE(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    log.info("starting", extra={"axes": list(mesh.axis_names)})
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return sync(x, mesh, tuple(mesh.axis_names))


if __name__ == "__main__":
    main()
