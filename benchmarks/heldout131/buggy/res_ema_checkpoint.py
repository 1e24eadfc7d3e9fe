"""vision/resnet/checkpoint/ema_export.py

Writes an EMA checkpoint of a ResNet block trained with FSDP over the 8-way "data" axis: every
kernel is split over "data" on its output channels. The exporter gathers each leaf whole
(keeping "data" reduced) before the host copy.
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


FSDP_AXIS = "data"


def fsdp_spec(key, shape):
    if re.search(r"/kernel$", key) and shape[-1] % 8 == 0:
        return P(*([None] * (len(shape) - 1)), FSDP_AXIS)
    return P()


def export_spec(key, shape):
    spec = fsdp_spec(key, shape)
    gathered = {a for a in spec if a is not None}
    return P(*([None] * len(shape)), reduced=gathered)


class ConvBn(Module):
    def __init__(self, channels, name=None):
        super().__init__(name)
        self.channels = channels

    def __call__(self, x):
        k = get_parameter("kernel", (3, 3, x.shape[-1], self.channels), init=truncated_normal(0.1))
        s = get_parameter("scale", (self.channels,), init=jnp.ones)
        y = jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return y * s


def block(x):
    return jax.nn.relu(x + ConvBn(x.shape[-1])(jax.nn.relu(ConvBn(16)(x))))


def ema_update(ema, params, decay):
    return jax.tree.map(lambda e, p: decay * e + (1.0 - decay) * p, ema, params)


class Exporter:
    def __init__(self, mesh):
        self.mesh = mesh

    def place(self, params):
        with jax.set_mesh(self.mesh):
            return {k: jax.device_put(v, NamedSharding(self.mesh, fsdp_spec(k, v.shape))) for k, v in params.items()}

    def gather(self, placed):
        return {k: top_level_all_gather(v, export_spec(k, v.shape)) for k, v in placed.items()}

    def write(self, params):
        placed = self.place(params)
        whole = self.gather(placed)
        return {k: np.asarray(jax.device_get(v)).shape for k, v in whole.items()}


def inputs():
    return np.random.default_rng(41).normal(size=(2, 6, 6, 8)).astype(np.float32), 0.99


def main(images, decay):
    net = transform(block)
    params = net.init(jax.random.key(2), jnp.asarray(images))
    ema = jax.tree.map(jnp.zeros_like, params)
    ema = ema_update(ema, params, decay)
    mesh = jax.make_mesh((8,), (FSDP_AXIS,))
    written = Exporter(mesh).write(ema)
    for k, shape in written.items():
        print(k, shape)


if __name__ == "__main__":
    main(*inputs())
