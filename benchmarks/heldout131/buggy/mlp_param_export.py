"""mlp_zoo/checkpoint/export_full_params.py

Exports the parameters of a tensor-parallel MLP as whole arrays for a single-host evaluator.
The training layout is derived from the parameter names; the export layout keeps every
dimension whole and marks the gathered axes reduced so the export stays a no-op in value.
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


NAME_RULES = {
    r"^fc_in(_\d+)?/w$": (None, "model"),
    r"^fc_in(_\d+)?/b$": ("model",),
    r"^fc_out/w$": ("model", None),
}


def train_spec(key, ndim):
    for pattern, axes in NAME_RULES.items():
        if re.match(pattern, key):
            return P(*axes)
    return P(*([None] * ndim))


def export_spec(key, ndim):
    axes = [a for a in train_spec(key, ndim) if a is not None]
    return P(*([None] * ndim), reduced=set(axes[:1]) if key.endswith("/w") and ndim > 1 else set())


class FcIn(Module):
    def __init__(self, width, name=None):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.width), init=truncated_normal(0.5))
        b = get_parameter("b", (self.width,))
        return jax.nn.silu(x @ w + b)


class FcOut(Module):
    def __call__(self, h):
        w = get_parameter("w", (h.shape[-1], 3), init=truncated_normal(0.5))
        return h @ w


def mlp(x):
    return FcOut()(FcIn(16, name="fc_in_1")(FcIn(16)(x)))


def export(placed):
    out = {}
    for key in sorted(placed):
        arr = placed[key]
        out[key] = top_level_all_gather(arr, export_spec(key, arr.ndim))
    return out


def inputs():
    return np.ones((8, 5), np.float32), {"seed": 4, "tag": "mlp-v3"}


def main(x, meta):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    net = transform(mlp)
    params = net.init(jax.random.key(meta["seed"]), jnp.asarray(x))
    print(meta["tag"], experimental.module_keys(params, "fc_in"))
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, train_spec(k, v.ndim))) for k, v in params.items()}
        full = export(placed)
        for k, v in full.items():
            print(k, v.shape, v.sharding.spec)
        host = {k: np.asarray(jax.device_get(jax.reshard(v, P()))) for k, v in full.items()}
    y = net.apply(host, None, jnp.asarray(x))
    print("export check", y.shape, float(jnp.abs(y).sum()))


if __name__ == "__main__":
    main(*inputs())
