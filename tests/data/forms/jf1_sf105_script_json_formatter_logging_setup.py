"""A job's logging set-up: a JSON formatter class deriving from logging.Formatter, a stream
handler given it, records with `extra=`; the log calls change nothing the program reads."""
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
    return jax.lax.psum(x, axes)  # SF105


@register("first")
def sum_first(x, axes):
    return jax.lax.psum(x, axes[0])


REDUCE = REDUCERS["all" if env_flag("FF_FUSED_REDUCE", True) else "first"]


RESERVED = set(vars(logging.makeLogRecord({})))


class JsonFormatter(logging.Formatter):
    def format(self, record):
        payload = {"level": record.levelname, "msg": record.getMessage()}
        for key, value in record.__dict__.items():
            if key not in RESERVED:
                payload[key] = value
        return json.dumps(payload, default=str)


def get_logger(name):
    logger = logging.getLogger(name)
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonFormatter())
        logger.addHandler(handler)
        logger.setLevel("INFO")
        logger.propagate = False
    return logger


log = get_logger("jobs.sync")
AXES = ("i", "j")


def sync(x, mesh):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return REDUCE(counts, tuple(mesh.axis_names))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    log.info("mesh", extra={"axes": list(AXES), "devices": 8})
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return sync(x, mesh)


if __name__ == "__main__":
    main()
