"""moe/obs/expert_dump.py: staged dumps of expert outputs behind OBS_EXPERT_DUMP."""
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
class MoEMeta:
    run_id: str = os.environ.get("RUN_ID", "moe-local")
    shape: tuple = (4, 2)
    axes: tuple = ("dp", "ep")


AXIS_ROLES = {"tokens": "dp", "experts": "ep"}
DUMP_PLAN = {"first": ("ep",), "then": ("dp",)}


class ExpertDump:
    def __init__(self, meta):
        self.meta = meta
        self.enabled = flag("expert_dump", "1")

    def __call__(self, y):
        out = y
        for stage in ("first", "then"):
            out = jax.lax.all_gather(out, DUMP_PLAN[stage], axis=0, tiled=True, to="reduced")
            METRICS.inc("dump_stages", stage=stage)
        return out


@timed("expert_ffn")
@traced
def expert_ffn(x, w):
    y = jax.nn.relu(x @ w)
    return y, ExpertDump(META)(y)


META = MoEMeta()


def inputs():
    rng = np.random.default_rng(11)
    return (rng.standard_normal((16, 8)).astype(np.float32),
            rng.standard_normal((8, 8)).astype(np.float32))


def main(x, w):
    mesh = jax.make_mesh(META.shape, META.axes)
    t, e = AXIS_ROLES["tokens"], AXIS_ROLES["experts"]
    xs = jax.device_put(x, jax.NamedSharding(mesh, P((t, e), None)))
    ws = jax.device_put(w, jax.NamedSharding(mesh, P()))
    fn = jax.jit(jax.shard_map(expert_ffn, mesh=mesh, in_specs=(P((t, e), None), P()),
                               out_specs=(P((t, e), None), P(None, None, reduced={t, e}))))
    with span("expert_dump"):
        y, dump = fn(xs, ws)
    assert np.allclose(np.asarray(y), np.maximum(x @ w, 0), atol=1e-4)
    print("dump", np.asarray(dump).shape)


if __name__ == "__main__":
    main(*inputs())
