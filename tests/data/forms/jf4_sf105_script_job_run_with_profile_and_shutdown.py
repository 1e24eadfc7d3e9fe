"""A Job's run(): the step under `with profile("step"):` (a generator manager whose `yield` sits in
try/finally), `except Exception: log; raise` and a `finally` shutdown; JAX's error passes them all
and ends the program."""
import contextlib
import logging
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


log = logging.getLogger("jobs.sync")
TIMES = {}


@contextlib.contextmanager
def profile(name):
    start = time.perf_counter()
    try:
        yield
    finally:
        TIMES[name] = time.perf_counter() - start


class Job:
    def __init__(self):
        self.closed = False

    def execute(self):
        raise NotImplementedError

    def shutdown(self):
        self.closed = True

    def run(self):
        try:
            with profile("job"):
                return self.execute()
        except Exception:
            log.exception("job failed", extra={"job": type(self).__name__})
            raise
        finally:
            self.shutdown()


class SyncJob(Job):
    def execute(self):
        mesh = jax.make_mesh((2, 4), ("i", "j"))
        x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

        def body(block):
            counts = jax.lax.psum(block, "j")
            return REDUCE(counts, tuple(mesh.axis_names))

        with profile("step"):
            return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    return SyncJob().run()


if __name__ == "__main__":
    main()
