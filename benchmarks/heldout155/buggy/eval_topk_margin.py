"""evals/probes/margin.py: bias-adjusted class scores for top-k margins."""
import atexit
import collections
import contextlib
import contextvars
import dataclasses
import functools
import logging
import logging.config
import os
import time
import weakref

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

# ---------------------------------------------------------------------------
# obs_lite: pasted from platform/obs_lite.py (keep in sync by hand, see PLAT-212)
# ---------------------------------------------------------------------------
_RUN = contextvars.ContextVar("obs_run", default=None)
_SPAN = contextvars.ContextVar("obs_span", default=())

logging.config.dictConfig({
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain",
                            "level": os.environ.get("OBS_LOG_LEVEL", "WARNING")}},
    "root": {"handlers": ["stderr"], "level": os.environ.get("OBS_LOG_LEVEL", "WARNING")},
})
log = logging.getLogger("obs")


def flag(name, default="0"):
    """Feature flags come from the environment, OBS_<NAME>=1."""
    return os.environ.get("OBS_" + name.upper(), default) in ("1", "true", "yes")


class Registry:
    """Counters, gauges and histograms keyed by (name, label tuple)."""

    def __init__(self):
        self.counters = collections.defaultdict(float)
        self.gauges = {}
        self.hists = collections.defaultdict(list)
        self._owners = weakref.WeakValueDictionary()

    def inc(self, name, value=1.0, **labels):
        self.counters[(name, tuple(sorted(labels.items())))] += value

    def set(self, name, value, **labels):
        self.gauges[(name, tuple(sorted(labels.items())))] = value

    def observe(self, name, value, **labels):
        self.hists[(name, tuple(sorted(labels.items())))].append(value)

    def track(self, key, owner):
        self._owners[key] = owner
        weakref.finalize(owner, self.inc, "owners_released", key=key)

    def flush(self):
        n = len(self.counters) + len(self.gauges) + len(self.hists)
        log.info("flushing %d series", n)
        return n


METRICS = Registry()
atexit.register(METRICS.flush)


@contextlib.contextmanager
def span(name, **attrs):
    parent = _SPAN.get()
    token = _SPAN.set(parent + (name,))
    t0 = time.perf_counter()
    try:
        yield {"path": "/".join(parent + (name,)), **attrs}
    finally:
        METRICS.observe("span_seconds", time.perf_counter() - t0, span=name)
        _SPAN.reset(token)


def timed(name=None):
    def deco(fn):
        label = name or fn.__qualname__

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                METRICS.observe("call_seconds", time.perf_counter() - t0, fn=label)
        return wrapper
    return deco


def retry(*exc_types, attempts=3, backoff=0.05):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for i in range(attempts):
                try:
                    return fn(*args, **kwargs)
                except exc_types as e:
                    if i == attempts - 1:
                        raise
                    METRICS.inc("retries", fn=fn.__qualname__)
                    log.warning("retry %s after %r", fn.__qualname__, e)
                    time.sleep(backoff * (2 ** i))
        return wrapper
    return deco


def traced(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with span(fn.__name__):
            return fn(*args, **kwargs)
    return wrapper


def log_args(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if log.isEnabledFor(logging.DEBUG):
            log.debug("%s args=%s kwargs=%s", fn.__qualname__,
                      [getattr(a, "shape", a) for a in args], sorted(kwargs))
        return fn(*args, **kwargs)
    return wrapper
# --------------------------- end obs_lite ----------------------------------


@dataclasses.dataclass(frozen=True)
class EvalMeta:
    run_id: str = os.environ.get("RUN_ID", "eval-local")
    shape: tuple = (2, 4)
    names: tuple = ("replica", "shard")


class MarginProbe:
    def __init__(self, meta):
        self.meta = meta
        self.replica, self.shard = meta.names

    def _class_rows(self, logits):
        return jax.lax.all_gather(logits, self.shard, axis=1, tiled=True, to="reduced")

    @traced
    @timed("margin")
    def body(self, logits, bias):
        # logits: [examples/replica, classes/shard]; bias: replicated [classes]
        rows = self._class_rows(logits)
        adjusted = rows - bias
        return adjusted

    def build(self, mesh):
        return jax.jit(jax.shard_map(self.body, mesh=mesh,
                                     in_specs=(P(self.replica, self.shard), P()),
                                     out_specs=P(self.replica, None, reduced={self.shard})))


def inputs():
    rng = np.random.default_rng(25)
    return (rng.standard_normal((16, 8)).astype(np.float32),
            rng.standard_normal((8,)).astype(np.float32))


def main(logits, bias):
    meta = EvalMeta()
    mesh = jax.make_mesh(meta.shape, meta.names)
    probe = MarginProbe(meta)
    ls = jax.device_put(logits, jax.NamedSharding(mesh, P(*meta.names)))
    bs = jax.device_put(bias, jax.NamedSharding(mesh, P()))
    with span("margin", run=meta.run_id):
        adj = probe.build(mesh)(ls, bs)
    print("adjusted", adj.shape)


if __name__ == "__main__":
    main(*inputs())
