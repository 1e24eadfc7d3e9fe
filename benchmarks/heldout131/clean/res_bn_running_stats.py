"""vision/resnet/norm/running_stats.py

Training-mode batch norm for an 8-way data-parallel ResNet block with `transform_with_state`:
the batch moments are added up over the replica axis, the running averages live in the module
state, and the updated state (identical on every replica) is returned beside the activations.
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


NORM_CONFIG = {"replica_axis": "data", "decay": 0.9}


class Conv(Module):
    def __call__(self, x, channels):
        k = get_parameter("kernel", (3, 3, x.shape[-1], channels), init=truncated_normal(0.2))
        return jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))


class BatchNorm(Module):
    def __call__(self, x):
        c = x.shape[-1]
        ra_mean = get_state("mean", (c,))
        ra_var = get_state("var", (c,), init=jnp.ones)
        gamma = get_parameter("gamma", (c,), init=jnp.ones)
        beta = get_parameter("beta", (c,))
        if running_init():
            return x
        axis = get_config("replica_axis")
        n = jax.lax.psum(x.shape[0] * x.shape[1] * x.shape[2], axis)
        mean = jax.lax.psum(jnp.sum(x, axis=(0, 1, 2)), axis) / n
        var = jax.lax.psum(jnp.sum(jnp.square(x - mean), axis=(0, 1, 2)), axis) / n
        decay = get_config("decay")
        set_state("mean", decay * ra_mean + (1 - decay) * mean)
        set_state("var", decay * ra_var + (1 - decay) * var)
        return (x - mean) * jax.lax.rsqrt(var + 1e-5) * gamma + beta


def block(x):
    h = jax.nn.relu(BatchNorm()(Conv()(x, 8)))
    return jax.nn.relu(x + BatchNorm()(Conv()(h, x.shape[-1])))


def inputs():
    return np.random.default_rng(139).normal(size=(16, 5, 5, 4)).astype(np.float32), 3


def main(images, steps):
    mesh = jax.make_mesh((8,), ("data",))
    net = transform_with_state(block, config=NORM_CONFIG)
    params, state = net.init(jax.random.key(2), jnp.asarray(images))
    print(sorted(params))
    with jax.set_mesh(mesh):
        params = jax.device_put(params, NamedSharding(mesh, P()))
        state = jax.device_put(state, NamedSharding(mesh, P()))
        step = jax.jit(jax.shard_map(lambda p, s, x: net.apply(p, s, None, x), in_specs=(P(), P(), P("data")),
                                     out_specs=(P("data"), P())))
        x = jax.device_put(images, NamedSharding(mesh, P("data")))
        for _ in range(steps):
            y, state = step(params, state, x)
    print("y", y.shape, {k: np.asarray(v).round(3)[:2] for k, v in state.items()})


if __name__ == "__main__":
    main(*inputs())
