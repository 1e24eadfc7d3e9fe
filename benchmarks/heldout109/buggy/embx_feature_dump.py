"""embedding export job: feature dump (embx monorepo modules concatenated for the job image)."""
import dataclasses
import functools
import json
import logging
import os
import time
from contextlib import contextmanager

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------- mlplatform/config.py


_ENV_DEFAULTS_SET = []


def env_default(name, value):
    """os.environ.setdefault that remembers what it set, so a job leaves the environment as it found it."""
    if name not in os.environ:
        os.environ[name] = value
        _ENV_DEFAULTS_SET.append(name)
    return os.environ[name]


def restore_env():
    while _ENV_DEFAULTS_SET:
        os.environ.pop(_ENV_DEFAULTS_SET.pop(), None)


def env_str(name, default):
    return os.environ.get(name, default)


def env_int(name, default):
    return int(os.environ.get(name, str(default)))


def env_flag(name, default=False):
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.strip().lower() in ("1", "true", "yes", "on")


def env_axes(name, default):
    raw = os.environ.get(name, default)
    return tuple(part.strip() for part in raw.split(",") if part.strip())


def parse_mesh(spec):
    """'data=4,model=2' -> (('data', 'model'), (4, 2))"""
    names, sizes = [], []
    for part in spec.split(","):
        key, _, value = part.partition("=")
        names.append(key.strip())
        sizes.append(int(value))
    return tuple(names), tuple(sizes)


# ---------------------------------------------------------------- mlplatform/logs.py


class StructuredFormatter(logging.Formatter):
    def format(self, record):
        payload = {"ts": round(record.created, 3), "level": record.levelname,
                   "logger": record.name, "msg": record.getMessage()}
        payload.update(getattr(record, "fields", {}))
        return json.dumps(payload, default=str)


def get_logger(name):
    logger = logging.getLogger(name)
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(StructuredFormatter())
        logger.addHandler(handler)
        logger.setLevel(os.environ.get("LOG_LEVEL", "WARNING"))
        logger.propagate = False
    return logger


log = get_logger("mlplatform")

# ---------------------------------------------------------------- mlplatform/decorators.py


def retry(times=3, exceptions=(OSError, TimeoutError), backoff=0.01):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for attempt in range(times):
                try:
                    return fn(*args, **kwargs)
                except exceptions as exc:
                    if attempt == times - 1:
                        raise
                    log.warning("retrying", extra={"fields": {"fn": fn.__name__, "attempt": attempt, "err": repr(exc)}})
                    time.sleep(backoff * (2 ** attempt))
        return wrapper
    return decorate


def timed(metric):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                METRICS.emit(metric, time.perf_counter() - start)
        return wrapper
    return decorate


@contextmanager
def profile(section):
    start = time.perf_counter()
    try:
        yield
    finally:
        log.debug("profile", extra={"fields": {"section": section, "seconds": time.perf_counter() - start}})


# ---------------------------------------------------------------- mlplatform/plugins.py

PLUGINS = {}


def register(kind, name):
    def decorate(obj):
        PLUGINS.setdefault(kind, {})[name] = obj
        return obj
    return decorate


def plugin(kind, name):
    try:
        return PLUGINS[kind][name]
    except KeyError:
        raise KeyError(f"no {kind} plugin {name!r}; registered: {sorted(PLUGINS.get(kind, {}))}") from None


# ---------------------------------------------------------------- mlplatform/metrics.py


class MetricsSink:
    def __init__(self):
        self.records = []

    def emit(self, name, value, **tags):
        self.records.append({"name": name, "value": value, **tags})

    def flush(self):
        self.records.clear()


@register("sink", "memory")
class MemorySink(MetricsSink):
    pass


@register("sink", "log")
class LogSink(MetricsSink):
    def flush(self):
        for rec in self.records:
            log.info("metric", extra={"fields": rec})
        super().flush()


METRICS = plugin("sink", env_str("METRICS_SINK", "memory"))()

# ---------------------------------------------------------------- mlplatform/jobs.py


class Job:
    name = "job"

    def __init__(self, config):
        self.config = config
        self._shutdown = []

    def on_shutdown(self, fn):
        self._shutdown.append(fn)
        return fn

    def setup(self):
        pass

    def execute(self):
        raise NotImplementedError

    def run(self):
        log.info("job start", extra={"fields": {"job": self.name}})
        try:
            self.setup()
            with profile(self.name):
                return self.execute()
        finally:
            while self._shutdown:
                self._shutdown.pop()()
            METRICS.flush()
            restore_env()
            log.info("job done", extra={"fields": {"job": self.name}})

# ---------------------------------------------------------------- embx/config.py

os.environ.setdefault("EMBX_MESH", "rows=4,dim=2")
os.environ.setdefault("EMBX_ROWS", "16")
os.environ.setdefault("EMBX_FEATURES", "8")


@dataclasses.dataclass(frozen=True)
class ExportConfig:
    mesh: str = "rows=4,dim=2"
    rows: int = 16
    features: int = 8
    heads: int = 4
    seed: int = 14

    def __post_init__(self):
        names, sizes = parse_mesh(self.mesh)
        if len(names) != 2:
            raise ValueError(f"EMBX_MESH wants two axes, got {self.mesh!r}")
        if int(np.prod(sizes)) != jax.device_count():
            raise ValueError(f"mesh {self.mesh!r} needs {int(np.prod(sizes))} devices, have {jax.device_count()}")
        if self.rows % sizes[0] or self.features % sizes[1]:
            raise ValueError("rows/features must divide the mesh")

    @property
    def axis_names(self):
        return parse_mesh(self.mesh)[0]

    @property
    def batch_axis(self):
        return self.axis_names[0]

    @property
    def model_axis(self):
        return self.axis_names[1]

    @classmethod
    def from_env(cls, **overrides):
        kwargs = dict(mesh=env_str("EMBX_MESH", cls.mesh),
                      rows=env_int("EMBX_ROWS", cls.rows),
                      features=env_int("EMBX_FEATURES", cls.features))
        kwargs.update(overrides)
        return cls(**kwargs)

    def build_mesh(self):
        names, sizes = parse_mesh(self.mesh)
        return jax.make_mesh(sizes, names)


# ---------------------------------------------------------------- embx/model.py


def project_rows(x_blk, w_blk, model_axis):
    """projected embedding rows: the feature dimension is split over the model axis, partial sums are all-reduced."""
    partial = jnp.tanh(x_blk) @ w_blk
    return jax.lax.psum(partial, model_axis)


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


def inputs():
    rng = np.random.default_rng(14)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    w = (0.1 * rng.normal(size=(8, 4))).astype(np.float32)
    return x, w
env_default("EMBX_DUMP_AXES", "rows,dim")


@register("dumper", "rows")
class RowDumper:
    """Gathers row blocks to one table; the feature store writer takes it from any host."""

    def __init__(self, axes):
        self.axes = tuple(axes)

    def __call__(self, rows):
        with profile("dump-gather"):
            return jax.lax.all_gather(rows, self.axes, axis=0, tiled=True, to="reduced")


class FeatureDumpJob(Job):
    """Dumps the input features the model saw, full width, for the feature store audit."""
    name = "embx-feature-dump"

    def __init__(self, config, x, w):
        super().__init__(config)
        self.host_x, self.host_w = x, w

    @retry(times=2)
    def setup(self):
        cfg = self.config
        self.mesh = cfg.build_mesh()
        self.x = place(self.mesh, self.host_x, P(cfg.batch_axis, cfg.model_axis))

    def execute(self):
        cfg = self.config
        model_axis = cfg.model_axis
        dump_axes = env_axes("EMBX_DUMP_AXES", cfg.batch_axis)
        dumper = plugin("dumper", "rows")(dump_axes)

        def widen(x_blk):
            # rows still split over the batch axis, every feature column present
            return jax.lax.all_gather(x_blk, model_axis, axis=1, tiled=True, to="reduced")

        def body(x_blk):
            full_rows = widen(x_blk)
            return dumper(full_rows)

        dump = jax.jit(jax.shard_map(body, mesh=self.mesh, in_specs=P(cfg.batch_axis, model_axis),
                                     out_specs=P(None, None, reduced=set(cfg.axis_names))))
        table = dump(self.x)
        METRICS.emit("embx.dumped_rows", table.shape[0])
        return table


def main(x, w):
    cfg = ExportConfig.from_env()
    job = FeatureDumpJob(cfg, x, w)
    result = job.run()
    print(job.name, jax.tree.map(lambda a: (a.shape, float(jnp.sum(a))), result))
    return result


if __name__ == "__main__":
    main(*inputs())
