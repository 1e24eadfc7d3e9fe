"""vision/resnet/blocks/bn_logging.py

Residual block with cross-replica batch norm over the "data" axis (8-way data parallel). The
batch statistics are logged per replica for the drift monitor: each module appends what it saw
to its state, gathered over the monitor's axis.
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


MONITOR_AXIS = "data"


class Conv(Module):
    def __init__(self, channels, name=None):
        super().__init__(name)
        self.channels = channels

    def __call__(self, x):
        fan_in = 9 * x.shape[-1]
        k = get_parameter("kernel", (3, 3, x.shape[-1], self.channels), init=truncated_normal(fan_in ** -0.5))
        return jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))


class SyncBatchNorm(Module):
    def __init__(self, axis, momentum=0.9, name=None):
        super().__init__(name)
        self.axis, self.momentum = axis, momentum

    def __call__(self, x, training):
        c = x.shape[-1]
        ra_mean = get_state("mean", (c,))
        ra_var = get_state("var", (c,), init=jnp.ones)
        if training and not running_init():
            n = jax.lax.psum(np.prod(x.shape[:-1]), self.axis)
            mean = jax.lax.psum(jnp.sum(x, axis=(0, 1, 2)), self.axis) / n
            var = jax.lax.psum(jnp.sum(jnp.square(x - mean), axis=(0, 1, 2)), self.axis) / n
            set_state("mean", self.momentum * ra_mean + (1 - self.momentum) * mean)
            set_state("var", self.momentum * ra_var + (1 - self.momentum) * var)
            set_state("seen", jax.lax.all_gather(mean, MONITOR_AXIS, to="reduced"))
        else:
            mean, var = ra_mean, ra_var
        gamma = get_parameter("gamma", (c,), init=jnp.ones)
        beta = get_parameter("beta", (c,))
        return (x - mean) * jax.lax.rsqrt(var + 1e-5) * gamma + beta


def residual_block(x, training=True):
    h = jax.nn.relu(SyncBatchNorm("data")(Conv(8)(x), training))
    h = SyncBatchNorm("data")(Conv(x.shape[-1])(h), training)
    return jax.nn.relu(x + h)


def inputs():
    rng = np.random.default_rng(0)
    return rng.normal(size=(16, 6, 6, 4)).astype(np.float32), True


def main(images, training):
    mesh = jax.make_mesh((8,), ("data",))
    net = transform_with_state(partial(residual_block, training=training))
    params, state = net.init(jax.random.key(0), jnp.asarray(images))
    state = dict(state, **{k.replace("mean", "seen"): jnp.zeros((8, v.shape[0])) for k, v in state.items() if k.endswith("mean")})
    state_specs = {k: (P(reduced={"data"}) if k.endswith("seen") else P()) for k in state}
    with jax.set_mesh(mesh):
        repl = NamedSharding(mesh, P())
        params = jax.device_put(params, repl)
        state = {k: jax.device_put(v, NamedSharding(mesh, P())) for k, v in state.items()}
        step = jax.jit(jax.shard_map(lambda p, s, x: net.apply(p, {k: v for k, v in s.items() if not k.endswith("seen")}, None, x),
                                     in_specs=(P(), P(), P("data")), out_specs=(P("data"), state_specs)))
        y, new_state = step(params, state, jax.device_put(images, NamedSharding(mesh, P("data"))))
    print("y", y.shape, sorted(new_state))


if __name__ == "__main__":
    main(*inputs())
