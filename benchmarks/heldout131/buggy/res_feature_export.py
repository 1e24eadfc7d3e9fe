"""vision/resnet/export/feature_bank.py

Builds a feature bank (pooled embeddings of every image) from a channel-parallel ResNet stem:
the batch is split over "data" and the channels over "model". The `Pool` module returns each
image's complete channel vector (gathered over "model"); the bank writer then collects the
rows of every device.
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


def mesh_axes():
    return get_config("mesh_axes")


def spec_for(key, ndim):
    if re.match(r"stem/kernel$", key):
        return P(None, None, None, "model")
    if re.match(r"stem/(scale|bias)$", key):
        return P("model")
    return P(*([None] * ndim))


class Stem(Module):
    def __call__(self, x, channels):
        k = get_parameter("kernel", (3, 3, x.shape[-1], channels), init=truncated_normal(0.2))
        scale = get_parameter("scale", (channels,), init=jnp.ones)
        bias = get_parameter("bias", (channels,))
        y = jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return jax.nn.relu(y * scale + bias)


class Pool(Module):
    def __init__(self, channel_axis):
        super().__init__()
        self.channel_axis = channel_axis

    def __call__(self, h):
        pooled = jnp.mean(h, axis=(1, 2))
        if running_init():
            return pooled
        return jax.lax.all_gather(pooled, self.channel_axis, axis=1, tiled=True, to="reduced")


def embed(images):
    return Pool(mesh_axes()[-1])(Stem()(images, 16))


def write_bank(embeddings):
    return jax.lax.all_gather(embeddings, mesh_axes(), axis=0, tiled=True, to="reduced")


def bank_fn(images):
    return write_bank(embed(images))


def inputs():
    rng = np.random.default_rng(31)
    return rng.uniform(size=(8, 5, 5, 3)).astype(np.float32), ("data", "model")


def main(images, axis_names):
    mesh = jax.make_mesh((4, 2), axis_names)
    cfg = {"mesh_axes": axis_names}
    params = transform(embed, config=cfg).init(jax.random.key(4), jnp.asarray(images))
    specs = {k: spec_for(k, v.ndim) for k, v in params.items()}
    net = transform(bank_fn, config=cfg)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        run = jax.shard_map(lambda p, x: net.apply(p, None, x),
                            in_specs=(specs, P(axis_names[0])), out_specs=P(None, None, reduced=set(axis_names)))
        bank = jax.jit(run)(placed, jax.device_put(images, NamedSharding(mesh, P(axis_names[0]))))
    print("bank", bank.shape)


if __name__ == "__main__":
    main(*inputs())
