"""seqmodels/lstm/streaming/carry_export.py

Streaming inference keeps the LSTM carry (h, c) for every stream on the mesh, time-major
sequences split over "data" along the stream dimension. At a checkpoint the carries and the last
outputs are exported whole; the export specs come from a table keyed by the state names.
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


STREAM_AXIS = "data"
PLACEMENT = {"h": P(STREAM_AXIS, None), "c": P(STREAM_AXIS, None), "outputs": P(None, STREAM_AXIS, None)}
EXPORT = {
    "h": P(None, None, reduced={STREAM_AXIS}),
    "c": P(None, None, reduced={STREAM_AXIS}),
    "outputs": P(None, None, None, reduced={STREAM_AXIS}),
}


class StreamingLstm(Module):
    def __call__(self, xs_time_major, h, c):
        d, n = xs_time_major.shape[-1], h.shape[-1]
        w = get_parameter("w", (d + n, 4 * n), init=truncated_normal(0.3))

        def cell(carry, x_t):
            h, c = carry
            i, f, g, o = jnp.split(jnp.concatenate([x_t, h], -1) @ w, 4, -1)
            c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            h = jax.nn.sigmoid(o) * jnp.tanh(c)
            return (h, c), h

        (h, c), outs = jax.lax.scan(cell, (h, c), xs_time_major)
        set_state("h", h)
        set_state("c", c)
        return outs


def make_step(net, mesh):
    shard = {k: NamedSharding(mesh, s) for k, s in PLACEMENT.items()}

    def step(params, xs, h, c):
        outs, state = net.apply(params, {}, None, xs, h, c)
        return {"h": state["streaming_lstm/h"], "c": state["streaming_lstm/c"], "outputs": outs}

    return jax.jit(step, out_shardings=shard)


def export(carry):
    return {name: top_level_all_gather(value, EXPORT[name]) for name, value in carry.items()}


def inputs():
    rng = np.random.default_rng(27)
    return rng.normal(size=(6, 16, 3)).astype(np.float32), 5


def main(xs, hidden):
    mesh = jax.make_mesh((8,), (STREAM_AXIS,))
    net = transform_with_state(lambda x, h, c: StreamingLstm()(x, h, c))
    h0 = np.zeros((xs.shape[1], hidden), np.float32)
    params, _ = net.init(jax.random.key(0), jnp.asarray(xs), h0, h0)
    with jax.set_mesh(mesh):
        placed = jax.device_put(params, NamedSharding(mesh, P()))
        xs_d = jax.device_put(xs, NamedSharding(mesh, P(None, STREAM_AXIS, None)))
        h = jax.device_put(h0, NamedSharding(mesh, PLACEMENT["h"]))
        carry = make_step(net, mesh)(placed, xs_d, h, h)
        whole = export(carry)
        print({k: (v.shape, str(v.sharding.spec)) for k, v in whole.items()})


if __name__ == "__main__":
    main(*inputs())
