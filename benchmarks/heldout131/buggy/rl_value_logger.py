"""agents/ppo/networks/value_logger.py

Value network of a PPO agent with the hidden layer split over "model" (row-parallel output
layer) and environments split over "data". The value logger keeps the batch of value estimates
for the learner's diagnostics, gathered over the axis given to the network.
"""
import re
from functools import partial
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- hk_lite: a small hand-written stand-in for the parts of Haiku used here ----------------
_FRAMES = []


class _Frame:
    def __init__(self, params, state, rng, init, config):
        self.params, self.state, self.rng = params, state, rng
        self.init, self.config = init, config
        self.counts, self.scope = {}, []


def _frame():
    if not _FRAMES:
        raise ValueError("hk_lite functions must be called inside transform()")
    return _FRAMES[-1]


def next_rng_key():
    f = _frame()
    f.rng, sub = jax.random.split(f.rng)
    return sub


def get_parameter(name, shape, dtype=jnp.float32, init=jnp.zeros):
    f = _frame()
    key = "/".join(f.scope + [name])
    if key not in f.params:
        if not f.init:
            raise KeyError(f"missing parameter {key}")
        f.params[key] = init(shape, dtype)
    return f.params[key]


def get_state(name, shape=None, dtype=jnp.float32, init=jnp.zeros):
    f = _frame()
    key = "/".join(f.scope + [name])
    if key not in f.state:
        f.state[key] = init(shape, dtype)
    return f.state[key]


def set_state(name, value):
    f = _frame()
    f.state["/".join(f.scope + [name])] = value


def get_config(key, default=None):
    return _frame().config.get(key, default)


def running_init():
    return _frame().init


class Module:
    def __init__(self, name=None):
        f = _frame()
        base = name or re.sub(r"(?<!^)(?=[A-Z])", "_", type(self).__name__).lower()
        n = f.counts.get(base, 0)
        f.counts[base] = n + 1
        self.module_name = base if n == 0 else f"{base}_{n}"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        call = cls.__call__

        def scoped(self, *args, **kwargs):
            _frame().scope.append(self.module_name)
            try:
                return call(self, *args, **kwargs)
            finally:
                _frame().scope.pop()
        cls.__call__ = scoped


class Transformed(NamedTuple):
    init: Callable
    apply: Callable


def transform_with_state(fn, config=None):
    def init(rng, *args, **kwargs):
        _FRAMES.append(_Frame({}, {}, rng, True, dict(config or {})))
        try:
            fn(*args, **kwargs)
            return dict(_FRAMES[-1].params), dict(_FRAMES[-1].state)
        finally:
            _FRAMES.pop()

    def apply(params, state, rng, *args, **kwargs):
        _FRAMES.append(_Frame(dict(params), dict(state), rng, False, dict(config or {})))
        try:
            return fn(*args, **kwargs), dict(_FRAMES[-1].state)
        finally:
            _FRAMES.pop()
    return Transformed(init, apply)


def transform(fn, config=None):
    inner = transform_with_state(fn, config)
    return Transformed(lambda rng, *a, **k: inner.init(rng, *a, **k)[0],
                       lambda params, rng, *a, **k: inner.apply(params, {}, rng, *a, **k)[0])


class experimental:
    @staticmethod
    def current_name():
        return "/".join(_frame().scope) or "~"

    @staticmethod
    def module_keys(params, module):
        return sorted(k for k in params if k.split("/")[0] == module)


def truncated_normal(stddev=1.0):
    return lambda shape, dtype: stddev * jax.random.truncated_normal(next_rng_key(), -2.0, 2.0, shape, dtype)
# ---- end of hk_lite ----------------------------------------------------------------------------


PARAM_SPEC_RULES = (
    ("torso/w", P(None, "model")),
    ("torso/b", P("model")),
    ("value_head/w", P("model", None)),
)


def spec_tree(params):
    def spec(key):
        for name, s in PARAM_SPEC_RULES:
            if re.fullmatch(name, key):
                return s
        return P()
    return {k: spec(k) for k in params}


class Torso(Module):
    def __call__(self, obs, width):
        w = get_parameter("w", (obs.shape[-1], width), init=truncated_normal(obs.shape[-1] ** -0.5))
        b = get_parameter("b", (width,))
        return jax.nn.tanh(obs @ w + b)


class ValueHead(Module):
    def __init__(self, axis):
        super().__init__()
        self.axis = axis

    def __call__(self, h):
        w = get_parameter("w", (h.shape[-1], 1), init=truncated_normal(0.01))
        b = get_parameter("b", (1,))
        v = h @ w
        return (v if running_init() else jax.lax.psum(v, self.axis))[:, 0] + b[0]


class ValueLogger(Module):
    def __init__(self, axis):
        super().__init__()
        self.axis = axis

    def __call__(self, values):
        if not running_init():
            set_state("values", jax.lax.all_gather(values, self.axis, tiled=True, to="reduced"))
        return values


class ValueNet:
    def __init__(self, hidden_axis, log_axis, width=32):
        self.hidden_axis, self.log_axis, self.width = hidden_axis, log_axis, width

    def __call__(self, obs):
        v = ValueHead(self.hidden_axis)(Torso()(obs, self.width))
        return ValueLogger(self.log_axis)(v)


def inputs():
    rng = np.random.default_rng(71)
    return rng.normal(size=(16, 9)).astype(np.float32), {"hidden_axis": "model", "log_axis": "model"}


def main(obs, axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    net = transform_with_state(lambda o: ValueNet(**axes)(o))
    params, _ = net.init(jax.random.key(0), jnp.asarray(obs))
    specs = spec_tree(params)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        run = jax.jit(jax.shard_map(lambda p, o: net.apply(p, {}, None, o), in_specs=(specs, P("data")),
                                    out_specs=(P("data"), P(reduced={"data"}))))
        values, logged = run(placed, jax.device_put(obs, NamedSharding(mesh, P("data"))))
    print("values", values.shape, {k: v.shape for k, v in logged.items()})


if __name__ == "__main__":
    main(*inputs())
