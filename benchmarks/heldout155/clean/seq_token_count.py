"""seqpar/obs/tokens.py: token counters with a replica ledger, run metadata from OBS_RUN_META."""
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
import json

_DEFAULT_META = '{"run_id": "seq-local", "shape": [4, 2], "axes": ["batch", "seq"], "count_axis": "batch"}'


@dataclasses.dataclass(frozen=True)
class SeqMeta:
    run_id: str
    shape: tuple
    axes: tuple
    count_axis: str

    @classmethod
    def from_env(cls):
        raw = json.loads(os.environ.get("OBS_RUN_META", _DEFAULT_META))
        return cls(raw["run_id"], tuple(raw["shape"]), tuple(raw["axes"]), raw["count_axis"])


META = SeqMeta.from_env()


@traced
@timed("token_count")
@log_args
def token_count(mask):
    # mask: [sequences/batch, positions/seq]
    batch, seq = META.axes
    per_seq = jax.lax.psum(jnp.sum(mask, axis=1), seq)
    ledger = jax.lax.all_gather(per_seq, META.count_axis, axis=0, tiled=True, to="reduced")
    return per_seq, ledger


def inputs():
    rng = np.random.default_rng(30)
    return ((rng.random((16, 32)) > 0.3).astype(np.float32),)


def main(mask):
    mesh = jax.make_mesh(META.shape, META.axes)
    b, s = META.axes
    ms = jax.device_put(mask, jax.NamedSharding(mesh, P(b, s)))
    fn = jax.jit(jax.shard_map(token_count, mesh=mesh, in_specs=P(b, s),
                               out_specs=(P(b), P(None, reduced={b}))))
    with span("tokens", run=META.run_id):
        per_seq, _ = fn(ms)
    assert np.allclose(np.asarray(per_seq), mask.sum(axis=1))
    METRICS.inc("tokens", float(mask.sum()), run=META.run_id)
    print("tokens", float(np.asarray(per_seq).sum()))


if __name__ == "__main__":
    main(*inputs())
