"""The JSON formatter also keeps each event in a module list, and the job picks its axes by what
was logged: whether the formatter ran (the logger's level) decides, so the run cannot skip it."""
import json
import logging
import sys

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


SEEN = []


class JsonFormatter(logging.Formatter):
    def format(self, record):
        SEEN.append(record.getMessage())
        return json.dumps({"msg": record.getMessage()})


log = logging.getLogger("jobs.sync")
handler = logging.StreamHandler(sys.stderr)
handler.setFormatter(JsonFormatter())
log.addHandler(handler)
log.setLevel("INFO")


def sync(x, mesh, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return REDUCE(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    log.info("starting")
    axes = "i" if SEEN else ("i", "j")
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return sync(x, mesh, axes)


if __name__ == "__main__":
    main()
