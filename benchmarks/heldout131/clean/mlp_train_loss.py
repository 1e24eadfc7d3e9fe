"""mlp_zoo/train/tp_classifier_step.py

Loss of a tensor-parallel MLP classifier. The model reads its axis names from the transform's
config; the trainer averages the per-shard loss over the axes listed under "loss_axes" so the
logged loss is the same on every device.
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


CONFIG = {"data_axis": "data", "model_axis": "model", "loss_axes": ("data",)}


def params_specs(params):
    specs = {}
    for key in params:
        module, name = key.split("/")
        if module.startswith("up") and name == "w":
            specs[key] = P(None, CONFIG["model_axis"])
        elif module.startswith("up"):
            specs[key] = P(CONFIG["model_axis"])
        elif module.startswith("down") and name == "w":
            specs[key] = P(CONFIG["model_axis"], None)
        else:
            specs[key] = P()
    return specs


class Up(Module):
    def __init__(self, width):
        super().__init__()
        self.width = width

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.width), init=truncated_normal(0.4))
        b = get_parameter("b", (self.width,))
        return jax.nn.gelu(x @ w + b)


class Down(Module):
    def __init__(self, classes):
        super().__init__()
        self.classes = classes

    def __call__(self, h):
        w = get_parameter("w", (h.shape[-1], self.classes), init=truncated_normal(0.4))
        b = get_parameter("b", (self.classes,))
        logits = h @ w
        if not running_init():
            logits = jax.lax.psum(logits, get_config("model_axis"))
        return logits + b


def classifier(x):
    return Down(5)(Up(40)(x))


def cross_entropy(logits, labels):
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


def make_train_loss(net):
    def step(params, x, labels):
        logits = net.apply(params, None, x)
        loss = cross_entropy(logits, labels)
        return jax.lax.pmean(loss, CONFIG["loss_axes"])
    return step


def inputs():
    rng = np.random.default_rng(5)
    x = rng.normal(size=(32, 10)).astype(np.float32)
    labels = rng.integers(0, 5, size=(32,)).astype(np.int32)
    return x, labels


def main(x, labels):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    net = transform(classifier, config=CONFIG)
    params = net.init(jax.random.key(2), jnp.asarray(x))
    specs = params_specs(params)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        ls = jax.device_put(labels, NamedSharding(mesh, P("data")))
        loss = jax.jit(jax.shard_map(make_train_loss(net), in_specs=(specs, P("data", None), P("data")),
                                     out_specs=P()))(placed, xs, ls)
    print("loss", float(loss))


if __name__ == "__main__":
    main(*inputs())
