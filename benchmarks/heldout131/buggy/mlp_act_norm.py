"""mlp_zoo/regularizers/activation_norm.py

An activation-norm penalty for a tensor-parallel MLP. `ActivationNorm` sees the hidden units of
each row in full (gathered over the model axis) so it can clip by the row norm before the
penalty; the penalty is the mean squared activation over the split hidden units.
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


SPEC_RULES = [
    ("*/w", ("in", "hidden")),
    ("*/b", ("hidden",)),
    ("readout/w", ("hidden", "out")),
]
LOGICAL = {"in": None, "hidden": "model", "out": None, "batch": "data"}


def spec_of(key):
    for pattern, names in reversed(SPEC_RULES):
        if re.fullmatch(pattern.replace("*", "[a-z_0-9]+"), key):
            return P(*(LOGICAL[n] for n in names))
    return P()


class Hidden(Module):
    def __init__(self, width, name=None):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.width), init=truncated_normal(0.3))
        b = get_parameter("b", (self.width,))
        return jnp.tanh(x @ w + b)


class ActivationNorm(Module):
    def __init__(self, axis):
        super().__init__()
        self.axis = axis

    def __call__(self, h):
        if running_init():
            return jnp.zeros(())
        full = jax.lax.all_gather(h, self.axis, axis=1, tiled=True, to="reduced")
        sq = jnp.sum(full * full, axis=1)
        total = jax.lax.psum(jnp.sum(sq), self.axis)
        return total / (h.shape[0] * h.shape[1])


class Readout(Module):
    def __call__(self, h, axis):
        w = get_parameter("w", (h.shape[-1], 4), init=truncated_normal(0.3))
        y = h @ w
        return y if running_init() else jax.lax.psum(y, axis)


def forward(x, model_axis="model"):
    h = Hidden(32)(x)
    penalty = ActivationNorm(model_axis)(h)
    return Readout()(h, model_axis), penalty


def loss_fn(net, params, x, y):
    pred, penalty = net.apply(params, None, x)
    mse = jnp.mean((pred - y) ** 2)
    return jax.lax.pmean(mse, LOGICAL["batch"]) + 1e-3 * jax.lax.pmean(penalty, LOGICAL["batch"])


def inputs():
    rng = np.random.default_rng(11)
    x = rng.normal(size=(24, 6)).astype(np.float32)
    y = rng.normal(size=(24, 4)).astype(np.float32)
    return x, y


def main(x, y):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    net = transform(forward)
    params = net.init(jax.random.key(1), jnp.asarray(x))
    specs = {k: spec_of(k) for k in params}
    print({k: tuple(s) for k, s in specs.items()})
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        row = NamedSharding(mesh, P("data", None))
        xs, ys = jax.device_put(x, row), jax.device_put(y, row)
        step = jax.jit(jax.shard_map(partial(loss_fn, net), in_specs=(specs, P("data", None), P("data", None)),
                                     out_specs=P()))
        print("loss", float(step(placed, xs, ys)))


if __name__ == "__main__":
    main(*inputs())
