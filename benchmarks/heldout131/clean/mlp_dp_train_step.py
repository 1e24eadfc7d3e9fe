"""mlp_zoo/train/data_parallel_step.py

One SGD step of a small MLP regressor, 8-way data parallel: the parameters are replicated, each
device computes the gradient of its slice of the batch, and the gradients and the loss are
averaged over the data axis before the update.
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


TRAIN = {"axis": "data", "lr": 0.05, "widths": (32, 32, 1)}


class Layer(Module):
    def __init__(self, width, name=None):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.width), init=truncated_normal(x.shape[-1] ** -0.5))
        b = get_parameter("b", (self.width,))
        return x @ w + b


def regressor(x):
    for i, width in enumerate(TRAIN["widths"]):
        x = Layer(width)(x)
        if i + 1 < len(TRAIN["widths"]):
            x = jax.nn.swish(x)
    return x[:, 0]


def make_step(net):
    def loss_fn(params, x, y):
        return jnp.mean(jnp.square(net.apply(params, None, x) - y))

    def step(params, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        grads = jax.lax.pmean(grads, TRAIN["axis"])
        new = jax.tree.map(lambda p, g: p - TRAIN["lr"] * g, params, grads)
        return new, jax.lax.pmean(loss, TRAIN["axis"])
    return step


def inputs():
    rng = np.random.default_rng(131)
    x = rng.normal(size=(64, 3)).astype(np.float32)
    y = (np.sin(x[:, 0]) + 0.5 * x[:, 1] * x[:, 2]).astype(np.float32)
    return x, y, 5


def main(x, y, steps):
    mesh = jax.make_mesh((8,), (TRAIN["axis"],))
    net = transform(regressor)
    params = net.init(jax.random.key(0), jnp.asarray(x))
    print(experimental.module_keys(params, "layer_2"))
    specs = {k: P() for k in params}
    with jax.set_mesh(mesh):
        params = {k: jax.device_put(v, NamedSharding(mesh, P())) for k, v in params.items()}
        rows = NamedSharding(mesh, P(TRAIN["axis"]))
        xs, ys = jax.device_put(x, rows), jax.device_put(y, rows)
        step = jax.jit(jax.shard_map(make_step(net), in_specs=(specs, P("data"), P("data")), out_specs=(specs, P())))
        for i in range(steps):
            params, loss = step(params, xs, ys)
            print("step", i, "loss", round(float(loss), 4))


if __name__ == "__main__":
    main(*inputs())
