"""OTF learning: energies relative to the lowest labelled walker, over several AL rounds."""
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


# ---- on-the-fly active learning of a random-feature potential (al_* runs) ----

ex = Experiment("otf_active_learning")


@ex.config
def cfg():
    mesh_shape = (4, 2)
    axes = {"walkers": "walkers", "features": "shards"}
    n_features = 16
    lengthscale = 1.5
    noise = 1e-2
    md_steps = 3
    dt = 0.05
    temperature = 0.1
    seed = 1


@ex.capture
def build_mesh(mesh_shape, axes):
    return jax.make_mesh(mesh_shape, (axes["walkers"], axes["features"]))


@ex.capture
def random_features(d_in, n_features, lengthscale, seed):
    k1, k2 = jax.random.split(jax.random.key(seed))
    omega = jax.random.normal(k1, (d_in, n_features)) / lengthscale
    phase = jax.random.uniform(k2, (n_features,), maxval=2 * np.pi)
    return omega, phase


@ex.capture
def place(mesh, x, y, alpha, axes):
    w, f = axes["walkers"], axes["features"]
    omega, phase = random_features(x.shape[1])
    specs = {"x": P(w, None), "y": P(w), "alpha": P(f), "omega": P(None, f), "phase": P(f)}
    values = {"x": x, "y": y, "alpha": alpha, "omega": omega, "phase": phase}
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in values.items()}, specs


def features(x, omega, phase):
    """This device's slice of the random Fourier features."""
    return jnp.sqrt(2.0 / 16) * jnp.cos(x @ omega + phase)


def inputs():
    rng = np.random.default_rng(17)
    x = rng.normal(size=(32, 6)).astype(np.float32)  # walker configurations (6 collective variables)
    y = np.sin(x.sum(axis=1)).astype(np.float32)  # DFT energies of the labelled ones
    alpha = (0.1 * rng.normal(size=(16,))).astype(np.float32)
    return x, y, alpha


@ex.named_config
def long_run():
    rounds = 3


@ex.config
def rounds_cfg():
    rounds = 2


@ex.capture
def rounds_loop(x, y, omega, phase, alpha, rounds, noise, axes):
    w_axis, f_axis = axes["walkers"], axes["features"]

    def one_round(alpha, _):
        phi = features(x, omega, phase)
        e = jax.lax.psum(phi @ alpha, f_axis)
        labelled = jax.lax.all_gather(y, w_axis, tiled=True, to="reduced")
        e_min = jax.lax.pmin(labelled, w_axis)
        resid = e - (y - jnp.min(e_min))
        grad = jax.lax.psum(phi.T @ resid, w_axis)
        return alpha - noise * grad, jax.lax.pmean(jnp.mean(resid**2), w_axis)

    return jax.lax.scan(one_round, alpha, None, length=rounds)


@ex.automain
def run(x, y, alpha):
    mesh = build_mesh()
    arrays, specs = place(mesh, x, y, alpha)
    names = ("x", "y", "omega", "phase", "alpha")
    fn = jax.shard_map(rounds_loop, mesh=mesh, in_specs=tuple(specs[n] for n in names),
                       out_specs=(specs["alpha"], P()))
    return jax.jit(fn)(*(arrays[n] for n in names))


def main(x, y, alpha):
    return ex.run(named_configs=["long_run"], args=(x, y, alpha)).result


if __name__ == "__main__":
    main(*inputs())
