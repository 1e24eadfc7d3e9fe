"""vision/resnet/blocks/projection_shortcut.py

Projection shortcut of a channel-parallel ResNet stage: the 1x1 projection contracts input
channels split over "model" (partial sums added up over "model"), and the batch norm after it
syncs its statistics over the replica axes named in the transform config.
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


STAGE_CONFIG = {"channel_axis": "model", "bn_axes": ("data",), "eps": 1e-5}
SPEC_RULES = ((r"proj/w", P("model", None)), (r"conv/kernel", P(None, None, None, "model")))


def specs_of(params):
    table = {}
    for key in params:
        table[key] = next((spec for pat, spec in SPEC_RULES if re.search(pat, key)), P())
    return table


class Conv(Module):
    def __call__(self, x, channels):
        k = get_parameter("kernel", (3, 3, x.shape[-1], channels), init=truncated_normal(0.2))
        return jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))


class Proj(Module):
    def __call__(self, h, channels):
        w = get_parameter("w", (h.shape[-1], channels), init=truncated_normal(0.3))
        y = jnp.einsum("nhwc,cd->nhwd", h, w)
        return y if running_init() else jax.lax.psum(y, get_config("channel_axis"))


class CrossReplicaBN(Module):
    def __call__(self, x):
        c = x.shape[-1]
        gamma = get_parameter("gamma", (c,), init=jnp.ones)
        beta = get_parameter("beta", (c,))
        mean = jnp.mean(x, axis=(0, 1, 2))
        sq = jnp.mean(x * x, axis=(0, 1, 2))
        if not running_init():
            mean = jax.lax.pmean(mean, get_config("bn_axes"))
            sq = jax.lax.pmean(sq, get_config("bn_axes"))
        var = sq - mean * mean
        return (x - mean) * jax.lax.rsqrt(var + get_config("eps")) * gamma + beta


def stage(x):
    h = jax.nn.relu(Conv()(x, 8))
    return jax.nn.relu(CrossReplicaBN()(Proj()(h, 6)))


def inputs():
    return np.random.default_rng(12).normal(size=(8, 4, 4, 3)).astype(np.float32), 3


def main(images, seed):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    net = transform(stage, config=STAGE_CONFIG)
    params = net.init(jax.random.key(seed), jnp.asarray(images))
    specs = specs_of(params)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        fwd = jax.jit(jax.shard_map(lambda p, x: net.apply(p, None, x), in_specs=(specs, P("data")),
                                    out_specs=P("data")))
        y = fwd(placed, jax.device_put(images, NamedSharding(mesh, P("data"))))
    print("y", y.shape, float(jnp.abs(y).mean()))


if __name__ == "__main__":
    main(*inputs())
