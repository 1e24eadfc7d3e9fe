"""lm_stack/layers/ring_kv_pass.py

Blockwise attention over a sequence split along "model" (ring style): each device keeps its
query block and passes its key/value block around the ring with `ppermute`, accumulating the
softmax numerator and denominator with a running maximum. The batch is split over "data".
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


RING = {"seq_axis": "model", "batch_axis": "data", "ring_size": 4, "head_dim": 8}


class QKV(Module):
    def __call__(self, x):
        d = x.shape[-1]
        w = get_parameter("w", (d, 3 * RING["head_dim"]), init=truncated_normal(d ** -0.5))
        return jnp.split(x @ w, 3, axis=-1)


class RingAttention(Module):
    def __init__(self, axis, size):
        super().__init__()
        self.axis, self.size = axis, size

    def __call__(self, q, k, v):
        if running_init():
            s = q @ jnp.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
            return jax.nn.softmax(s, axis=-1) @ v
        perm = [(i, (i + 1) % self.size) for i in range(self.size)]
        m = jnp.full_like(q[..., 0], -jnp.inf)
        num = jnp.zeros_like(q)
        den = jnp.zeros_like(q[..., 0])
        for _ in range(self.size):
            s = q @ jnp.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
            m_new = jnp.maximum(m, jnp.max(s, axis=-1))
            corr = jnp.exp(m - m_new)
            p = jnp.exp(s - m_new[..., None])
            num = num * corr[..., None] + p @ v
            den = den * corr + jnp.sum(p, axis=-1)
            m = m_new
            k = jax.lax.ppermute(k, self.axis, perm)
            v = jax.lax.ppermute(v, self.axis, perm)
        return num / den[..., None]


def attention_layer(x):
    q, k, v = QKV()(x)
    out = RingAttention(RING["seq_axis"], RING["ring_size"])(q, k, v)
    w_o = get_parameter("w_o", (RING["head_dim"], x.shape[-1]), init=truncated_normal(0.2))
    return x + out @ w_o


def inputs():
    return np.random.default_rng(137).normal(size=(4, 16, 12)).astype(np.float32), 0


def main(x, seed):
    mesh = jax.make_mesh((2, RING["ring_size"]), (RING["batch_axis"], RING["seq_axis"]))
    net = transform(attention_layer)
    params = net.init(jax.random.key(seed), jnp.asarray(x))
    specs = {k: P() for k in params}
    stream = P(RING["batch_axis"], RING["seq_axis"], None)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, P())) for k, v in params.items()}
        fwd = jax.jit(jax.shard_map(lambda p, x: net.apply(p, None, x), in_specs=(specs, stream), out_specs=stream))
        y = fwd(placed, jax.device_put(x, NamedSharding(mesh, stream)))
    print("ring attention", y.shape, float(jnp.abs(y).mean()))


if __name__ == "__main__":
    main(*inputs())
