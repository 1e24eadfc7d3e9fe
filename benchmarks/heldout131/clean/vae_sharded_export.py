"""generative/vae/checkpoint/sharded_export.py

Checkpoint export for a VAE trained with 2-D parameter sharding: encoder kernels are split over
"data" on the input dimension and "model" on the output dimension, decoder kernels only over
"model". Each leaf is gathered whole with every axis of its training spec marked reduced
(`multi_dim=True` where two dimensions are gathered), then resharded to replicated for writing.
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


LAYOUT_RULES = [
    (r"^encoder.*/w$", ("data", "model")),
    (r"^decoder.*/w$", (None, "model")),
    (r".*/b$", ("model",)),
]


def train_spec(key):
    for pattern, axes in LAYOUT_RULES:
        if re.search(pattern, key):
            return P(*axes)
    return P()


def export_spec(spec):
    axes = [a for a in spec if a is not None]
    return P(*([None] * len(spec)), reduced=set(axes)), len(axes) > 1


class Dense(Module):
    def __init__(self, width, name):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.width), init=truncated_normal(x.shape[-1] ** -0.5))
        return x @ w + get_parameter("b", (self.width,))


def autoencode(x):
    h = jax.nn.relu(Dense(16, "encoder_hidden")(x))
    z = Dense(8, "encoder_mean")(h)
    return jax.nn.sigmoid(Dense(x.shape[-1], "decoder_out")(jax.nn.relu(Dense(16, "decoder_hidden")(z))))


def export(placed):
    written = {}
    for key, value in placed.items():
        spec, multi = export_spec(train_spec(key))
        whole = top_level_all_gather(value, spec, multi_dim=multi)
        written[key] = jax.reshard(whole, P())
    return written


def inputs():
    return np.random.default_rng(149).uniform(size=(4, 8)).astype(np.float32), 1


def main(x, seed):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    net = transform(autoencode)
    params = net.init(jax.random.key(seed), jnp.asarray(x))
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, train_spec(k))) for k, v in params.items()}
        written = export(placed)
        host = {k: np.asarray(jax.device_get(v)) for k, v in written.items()}
    same = all(np.allclose(host[k], np.asarray(params[k])) for k in params)
    print("exported", len(host), "leaves; identical to the originals:", same)
    print("recon", net.apply(host, None, jnp.asarray(x)).shape)


if __name__ == "__main__":
    main(*inputs())
