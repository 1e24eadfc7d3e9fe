"""lm_stack/fsdp/gather_for_eval.py

FSDP + tensor parallel layout for a feed-forward block: every kernel is split over "data" on its
input dimension (FSDP) and over "model" on its output dimension. For evaluation the FSDP shards
are gathered back (the "data" axis is kept reduced) while the tensor-parallel split is kept.
"""
import re
from functools import partial
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


TRAIN_RULES = (
    (re.compile(r"ffw_up/kernel"), P("data", "model")),
    (re.compile(r"ffw_down/kernel"), P("model", "data")),
    (re.compile(r"/bias"), P()),
)
EVAL_RULES = (
    (re.compile(r"ffw_up/kernel"), P(None, "model", reduced={"data"})),
    (re.compile(r"ffw_down/kernel"), P("model", None, reduced={"data"})),
    (re.compile(r"/bias"), P()),
)


def lookup(rules, key):
    for pattern, spec in rules:
        if pattern.search(key):
            return spec
    raise KeyError(key)


class Dense(Module):
    def __init__(self, width, name):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        k = get_parameter("kernel", (x.shape[-1], self.width), init=truncated_normal(0.2))
        return x @ k + get_parameter("bias", (self.width,))


def ffw(x):
    return Dense(x.shape[-1], "ffw_down")(jax.nn.gelu(Dense(64, "ffw_up")(x)))


def gather_for_eval(placed):
    return {k: top_level_all_gather(v, lookup(EVAL_RULES, k)) for k, v in placed.items()
            if k.endswith("kernel")}


def inputs():
    return np.random.default_rng(8).normal(size=(16, 32)).astype(np.float32), "ffw-eval"


def main(x, tag):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    net = transform(ffw)
    params = net.init(jax.random.key(6), jnp.asarray(x))
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, lookup(TRAIN_RULES, k))) for k, v in params.items()}
        kernels = gather_for_eval(placed)
        for k, v in kernels.items():
            print(tag, k, v.shape, v.sharding.spec)
    y = net.apply(params, None, jnp.asarray(x))
    print("reference", y.shape, float(jnp.abs(y).mean()))


if __name__ == "__main__":
    main(*inputs())
