"""seqmodels/lstm/probes/final_state.py

Data-parallel LSTM encoder (8-way over "data"). A linear probe is fit on the mean final hidden
state of the batch; the probe state stores what each replica saw, gathered over the probe axis
kept in the model's config.
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


ENCODER_CONFIG = {"replica_axis": "data", "probe_axis": "data", "hidden": 12}


class LSTMCell(Module):
    def __init__(self, hidden, name=None):
        super().__init__(name)
        self.hidden = hidden

    def weights(self, d_in):
        wx = get_parameter("wx", (d_in, 4 * self.hidden), init=truncated_normal(d_in ** -0.5))
        wh = get_parameter("wh", (self.hidden, 4 * self.hidden), init=truncated_normal(self.hidden ** -0.5))
        b = get_parameter("b", (4 * self.hidden,))
        return wx, wh, b

    def __call__(self, xs):
        wx, wh, b = self.weights(xs.shape[-1])

        def step(carry, x_t):
            h, c = carry
            i, f, g, o = jnp.split(x_t @ wx + h @ wh + b, 4, axis=-1)
            c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            h = jax.nn.sigmoid(o) * jnp.tanh(c)
            return (h, c), h

        h0 = jnp.tanh(xs[:, 0] @ wx[:, : self.hidden])
        (h, _), hs = jax.lax.scan(step, (h0, jnp.zeros_like(h0)), jnp.swapaxes(xs, 0, 1))
        return h, jnp.swapaxes(hs, 0, 1)


class StateProbe(Module):
    def __call__(self, h_final):
        w = get_parameter("w", (h_final.shape[-1], 1), init=truncated_normal(0.1))
        if running_init():
            return h_final @ w
        n = jax.lax.psum(h_final.shape[0], get_config("replica_axis"))
        mean_state = jax.lax.psum(jnp.sum(h_final, axis=0), get_config("replica_axis")) / n
        set_state("mean_state", jax.lax.all_gather(mean_state, get_config("probe_axis"), to="reduced"))
        return h_final @ w


def encoder(xs):
    h, _ = LSTMCell(get_config("hidden"))(xs)
    return StateProbe()(h)


def inputs():
    rng = np.random.default_rng(1)
    return rng.normal(size=(16, 7, 5)).astype(np.float32), "encoder-v2"


def main(xs, tag):
    mesh = jax.make_mesh((8,), ("data",))
    net = transform_with_state(encoder, config=ENCODER_CONFIG)
    params, _ = net.init(jax.random.key(0), jnp.asarray(xs))
    print(tag, experimental.module_keys(params, "lstm_cell"))
    with jax.set_mesh(mesh):
        placed = jax.device_put(params, NamedSharding(mesh, P()))
        run = jax.jit(jax.shard_map(lambda p, x: net.apply(p, {}, None, x), in_specs=(P(), P("data")),
                                    out_specs=(P("data"), {"state_probe/mean_state": P(reduced={"data"})})))
        scores, state = run(placed, jax.device_put(xs, NamedSharding(mesh, P("data"))))
    print("scores", scores.shape, "probe state", state["state_probe/mean_state"].shape)


if __name__ == "__main__":
    main(*inputs())
