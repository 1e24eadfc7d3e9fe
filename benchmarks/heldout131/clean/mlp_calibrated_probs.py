"""mlp_zoo/eval/calibrated_probs.py

Evaluation of a data-parallel MLP with temperature scaling. The batch logits are gathered
across the data axis (the same copy on every device) and turned into calibrated probabilities on every device.
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


class Mlp(Module):
    def __init__(self, sizes, name=None):
        super().__init__(name)
        self.sizes = sizes

    def __call__(self, x):
        for i, size in enumerate(self.sizes):
            w = get_parameter(f"w{i}", (x.shape[-1], size), init=truncated_normal(1.0 / np.sqrt(x.shape[-1])))
            b = get_parameter(f"b{i}", (size,))
            x = x @ w + b
            if i + 1 < len(self.sizes):
                x = jax.nn.relu(x)
        return x


class Calibrator(Module):
    def __init__(self, axis, temperature):
        super().__init__()
        self.axis, self.temperature = axis, temperature

    def __call__(self, logits):
        if running_init():
            return jax.nn.softmax(logits / self.temperature)
        everyone = jax.lax.all_gather(logits, self.axis, axis=0, tiled=True, to="invarying")
        scaled = everyone / self.temperature
        return jax.nn.softmax(scaled, axis=-1)


def model(x, axis="data", temperature=1.5):
    logits = Mlp([32, 32, 6])(x)
    return Calibrator(axis, temperature)(logits)


EVAL_SETTINGS = {"temperature": 1.5, "axis": "data"}


def evaluate(mesh, params, x):
    net = transform(partial(model, **EVAL_SETTINGS))
    specs = jax.tree.map(lambda _: P(), params)
    fn = jax.shard_map(lambda p, xs: net.apply(p, None, xs), mesh=mesh,
                       in_specs=(specs, P(EVAL_SETTINGS["axis"], None)),
                       out_specs=P(None, None))
    return jax.jit(lambda p, xs: fn(p, xs))(params, x)


def inputs():
    rng = np.random.default_rng(9)
    return (rng.normal(size=(40, 7)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((8,), ("data",))
    params = transform(partial(model, **EVAL_SETTINGS)).init(jax.random.key(3), jnp.asarray(x))
    print(sorted(params))
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda v: jax.device_put(v, NamedSharding(mesh, P())), params)
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        probs = evaluate(mesh, placed, xs)
        print("probs", probs.shape)


if __name__ == "__main__":
    main(*inputs())
