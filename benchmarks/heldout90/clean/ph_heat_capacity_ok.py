"""Phonon surrogate: Brillouin-zone averaged heat capacity at several temperatures."""
import functools
import inspect
import os
import sys
import types
import typing

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


# ---- labkit: the lab's stand-ins for Sacred, Prefect and pydantic-settings (pasted) ----

class ConfigScope(dict):
    """A config dict with attribute access (nested dicts too)."""

    def __getattr__(self, name):
        try:
            value = self[name]
        except KeyError:
            raise AttributeError(name) from None
        return ConfigScope(value) if isinstance(value, dict) else value


def _scope_locals(fn, preset=None):
    """Run a config function; its local variables are the config (Sacred's ConfigScope).

    Names it reads but does not set come from the config built so far (earlier scopes).
    """
    found = {}
    scoped = types.FunctionType(fn.__code__, {**fn.__globals__, **(preset or {})}, fn.__name__)

    def profiler(frame, event, arg):
        if event == "return" and frame.f_code is fn.__code__:
            found.update(frame.f_locals)

    previous = sys.getprofile()
    sys.setprofile(profiler)
    try:
        scoped()
    finally:
        sys.setprofile(previous)
    return {k: v for k, v in found.items() if not k.startswith("_")}


def _merge(into, new):
    for key, value in new.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value
    return into


def _set_dotted(cfg, dotted, value):
    *head, last = dotted.split(".")
    node = cfg
    for part in head:
        node = node.setdefault(part, {})
    node[last] = value


class Run:
    def __init__(self, experiment, config, result):
        self.experiment_info = {"name": experiment.name}
        self.config = config
        self.result = result
        self.info = {}


class Experiment:
    """Sacred-like: @ex.config locals, @ex.named_config, @ex.capture, ex.run(config_updates=...)."""

    def __init__(self, name):
        self.name = name
        self._scopes = []
        self._named = {}
        self._main = None
        self.current = ConfigScope()
        self.observers = []

    def config(self, fn):
        self._scopes.append(fn)
        return fn

    def named_config(self, fn):
        self._named[fn.__name__] = fn
        return fn

    def capture(self, fn=None, *, prefix=None):
        def wrap(f):
            sig = inspect.signature(f)

            @functools.wraps(f)
            def captured(*args, **kwargs):
                source = self.current
                for part in (prefix.split(".") if prefix else ()):
                    source = source[part]
                bound = sig.bind_partial(*args, **kwargs)
                for name in sig.parameters:
                    if name not in bound.arguments and name in source:
                        kwargs[name] = source[name]
                return f(*args, **kwargs)

            return captured

        return wrap(fn) if fn is not None else wrap

    def main(self, fn):
        self._main = self.capture(fn)
        return fn

    automain = main  # the module's entry line below starts the run

    def run(self, config_updates=None, named_configs=(), args=()):
        cfg = {}
        for scope in self._scopes:
            _merge(cfg, _scope_locals(scope, cfg))
        for name in named_configs:
            _merge(cfg, _scope_locals(self._named[name], cfg))
        for key, value in (config_updates or {}).items():
            _set_dotted(cfg, key, value)
        self.current = ConfigScope(cfg)
        result = self._main(*args)
        return Run(self, self.current, result)


class PrefectFuture:
    def __init__(self, value):
        self._value = value

    def result(self):
        return self._value

    def wait(self):
        return self


def task(fn=None, *, name=None, retries=0, cache_key_fn=None):
    """Prefect-like @task: call it directly, or .submit() / .map() for futures."""

    def wrap(f):
        @functools.wraps(f)
        def call(*args, **kwargs):
            return f(*args, **kwargs)

        call.submit = lambda *a, **k: PrefectFuture(f(*a, **k))
        call.map = lambda *its, **k: [PrefectFuture(f(*a, **k)) for a in zip(*its)]
        call.fn = f
        call.task_name = name or f.__name__
        return call

    return wrap(fn) if fn is not None else wrap


def flow(fn=None, *, name=None, log_prints=False):
    """Prefect-like @flow: runs the function; futures returned by tasks are resolved by callers."""

    def wrap(f):
        @functools.wraps(f)
        def call(*args, **kwargs):
            return f(*args, **kwargs)

        call.fn = f
        call.flow_name = name or f.__name__
        return call

    return wrap(fn) if fn is not None else wrap


def _coerce(value, tp):
    origin = typing.get_origin(tp)
    if tp is bool and isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    if tp in (int, float, str, bool):
        return tp(value)
    if origin is tuple:
        if isinstance(value, str):
            value = [v.strip() for v in value.split(",") if v.strip()]
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(v, args[0]) for v in value)
        return tuple(_coerce(v, a) for v, a in zip(value, args))
    if origin is list:
        if isinstance(value, str):
            value = [v.strip() for v in value.split(",") if v.strip()]
        (arg,) = typing.get_args(tp)
        return [_coerce(v, arg) for v in value]
    if origin is typing.Union:
        if value is None:
            return None
        arg = next(a for a in typing.get_args(tp) if a is not type(None))
        return _coerce(value, arg)
    return value


class Settings:
    """pydantic BaseSettings-like: annotated fields, class defaults, env vars, type coercion."""

    env_prefix = ""

    def __init__(self, **values):
        hints = typing.get_type_hints(type(self))
        for name, tp in hints.items():
            env = os.environ.get(f"{self.env_prefix}{name}".upper())
            if name in values:
                raw = values[name]
            elif env is not None:
                raw = env
            elif hasattr(type(self), name):
                raw = getattr(type(self), name)
            else:
                raise TypeError(f"{type(self).__name__}: field required: {name}")
            setattr(self, name, _coerce(raw, tp))

    def model_dump(self):
        return {name: getattr(self, name) for name in typing.get_type_hints(type(self))}


# ---- end of labkit ----


# ---- phonon surrogate: frequencies on a q-grid from learned force constants (ph_* runs) ----

HBAR_EV_S = 6.582119569e-16
KB_EV = 8.617333262e-5
THZ = 1e12 * 2 * np.pi

ex = Experiment("phonon_surrogate")


@ex.config
def cfg():
    mesh = {"shape": (2, 4), "axes": ("qpts", "modes")}
    thermo = {"T": 300.0, "axis": "modes", "average_over": ("qpts",)}
    log = {"axis": "qpts", "every": 10}
    export = {"layout": ("qpts", None), "reduced": ("modes",)}
    dump = {"axes": ["modes"]}


@ex.capture(prefix="mesh")
def build_mesh(shape, axes):
    return jax.make_mesh(shape, axes)


@ex.capture(prefix="mesh")
def place(m, fc, scale, axes):
    q, modes = axes
    return (jax.device_put(fc, NamedSharding(m, P(q, modes))),
            jax.device_put(scale, NamedSharding(m, P(modes))))


def frequencies(fc, scale):
    """Mode frequencies (THz) on the local (q, mode) block."""
    return jnp.sqrt(jax.nn.softplus(fc * scale) + 1e-3)


def mode_free_energy(omega, T):
    x = HBAR_EV_S * THZ * omega / (2 * KB_EV * T)
    return KB_EV * T * jnp.log(2 * jnp.sinh(x))


def mode_heat_capacity(omega, T):
    x = HBAR_EV_S * THZ * omega / (KB_EV * T)
    return KB_EV * x**2 * jnp.exp(x) / (jnp.expm1(x) ** 2)


def inputs():
    rng = np.random.default_rng(13)
    fc = (4.0 + rng.normal(size=(8, 16))).astype(np.float32)  # 8 q-points x 16 branches
    scale = (1.0 + 0.1 * rng.random(16)).astype(np.float32)
    return fc, scale


@ex.capture(prefix="thermo")
def cv_per_q(omega, T, axis):
    return jax.lax.psum(jnp.sum(mode_heat_capacity(omega, T), axis=-1), axis)


@ex.capture(prefix="thermo")
def zone_average(x, average_over):
    return jax.lax.pmean(jnp.mean(x), average_over)


@ex.automain
def run(fc, scale, mesh):
    m = build_mesh()
    fc, scale = place(m, fc, scale)
    q, modes = mesh["axes"]

    def body(fc, scale):
        omega = frequencies(fc, scale)
        return jnp.stack([zone_average(cv_per_q(omega, T)) for T in (100.0, 300.0, 600.0)])

    fn = jax.shard_map(body, mesh=m, in_specs=(P(q, modes), P(modes)), out_specs=P())
    return jax.jit(fn)(fc, scale)


def main(fc, scale):
    return ex.run(args=(fc, scale)).result


if __name__ == "__main__":
    main(*inputs())
