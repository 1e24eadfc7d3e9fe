"""seqmodels/lstm/memory/batch_memory.py

An LSTM with a cross-batch memory: every sequence may read the final states of all sequences in
the global batch (8-way data parallel). The memory is the gathered final states, kept reduced
over the batch axis (each state's gradient flows back to its own replica), read by scaled
dot-product attention.
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


MEMORY = {"axis": "data", "slots": 16}


class Encoder(Module):
    def __init__(self, hidden):
        super().__init__()
        self.hidden = hidden

    def __call__(self, xs):
        n = self.hidden
        w = get_parameter("w", (xs.shape[-1] + n, 4 * n), init=truncated_normal(0.3))
        b = get_parameter("b", (4 * n,))

        def cell(carry, x_t):
            h, c = carry
            i, f, g, o = jnp.split(jnp.concatenate([x_t, h], -1) @ w + b, 4, -1)
            c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            return (jax.nn.sigmoid(o) * jnp.tanh(c), c), None

        h0 = jnp.tanh(xs[:, 0] @ w[: xs.shape[-1], :n])
        (h, _), _ = jax.lax.scan(cell, (h0, jnp.zeros_like(h0)), jnp.swapaxes(xs, 0, 1))
        return h


class BatchMemory(Module):
    def __call__(self, h):
        if running_init():
            return jnp.tile(h, (MEMORY["slots"] // h.shape[0], 1))
        return jax.lax.all_gather(h, MEMORY["axis"], axis=0, tiled=True, to="reduced")


class MemoryRead(Module):
    def __call__(self, h, memory):
        wq = get_parameter("wq", (h.shape[-1], memory.shape[-1]), init=truncated_normal(0.3))
        keys = memory / np.sqrt(memory.shape[-1])
        attn = jax.nn.softmax((h @ wq) @ keys.T, axis=-1)
        return h + attn @ jnp.tanh(memory)


def model(xs):
    h = Encoder(6)(xs)
    read = MemoryRead()(h, BatchMemory()(h))
    w = get_parameter("out", (read.shape[-1], 2), init=truncated_normal(0.3))
    return read @ w


def inputs():
    rng = np.random.default_rng(37)
    return rng.normal(size=(16, 5, 3)).astype(np.float32), 2


def main(xs, classes):
    mesh = jax.make_mesh((8,), (MEMORY["axis"],))
    net = transform(model)
    params = net.init(jax.random.key(classes), jnp.asarray(xs))
    print(sorted(params))
    with jax.set_mesh(mesh):
        specs = jax.tree.map(lambda _: P(), params)
        placed = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), params, specs)
        fwd = jax.jit(jax.shard_map(lambda p, x: net.apply(p, None, x), in_specs=(specs, P("data")),
                                    out_specs=P("data")))
        out = fwd(placed, jax.device_put(xs, NamedSharding(mesh, P("data"))))
    print("logits", out.shape, np.asarray(out)[:2])


if __name__ == "__main__":
    main(*inputs())
