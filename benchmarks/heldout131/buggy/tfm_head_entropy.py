"""lm_stack/diagnostics/head_entropy.py

Attention-entropy diagnostics. Each attention layer records the entropy of its attention
distribution; the `EntropyMonitor` looks at all heads of a row at once (gathered over the head
axis) and averages the entropy over the heads for the dashboards.
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


class MeshAxes(NamedTuple):
    batch: str = "data"
    heads: str = "model"


AXES = MeshAxes()
PARAM_PATTERNS = {r"_proj/w$": P(None, AXES.heads), r"readout/w$": P(AXES.heads, None)}


def shard_params(params):
    out = {}
    for key in params:
        hits = [spec for pat, spec in PARAM_PATTERNS.items() if re.search(pat, key)]
        out[key] = hits[0] if hits else P()
    return out


class Proj(Module):
    def __init__(self, name):
        super().__init__(name)

    def __call__(self, x, width):
        return x @ get_parameter("w", (x.shape[-1], width), init=truncated_normal(0.3))


class EntropyMonitor(Module):
    def __init__(self, axes):
        super().__init__()
        self.axes = axes

    def __call__(self, probs):
        if running_init():
            return jnp.zeros(())
        every_head = jax.lax.all_gather(probs, self.axes.heads, axis=1, tiled=True, to="reduced")
        ent = -jnp.sum(every_head * jnp.log(every_head), axis=-1)
        per_head = jnp.sum(ent, axis=(0, 2))
        return jax.lax.pmean(per_head, self.axes.heads)


def attention_block(x, heads=4, dh=6):
    b, t, _ = x.shape
    q = Proj("q_proj")(x, heads * dh).reshape(b, t, -1, dh)
    k = Proj("k_proj")(x, heads * dh).reshape(b, t, -1, dh)
    v = Proj("v_proj")(x, heads * dh).reshape(b, t, -1, dh)
    probs = jax.nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(dh), axis=-1)
    entropy = EntropyMonitor(AXES)(probs)
    y = jnp.einsum("bhqk,bkhd->bqhd", probs, v).reshape(b, t, -1)
    y = Proj("readout")(y, x.shape[-1])
    if not running_init():
        y = jax.lax.psum(y, AXES.heads)
    return x + y, entropy


def inputs():
    return np.random.default_rng(4).normal(size=(6, 5, 8)).astype(np.float32), 3


def main(x, seed):
    mesh = jax.make_mesh((2, 4), tuple(AXES))
    net = transform(attention_block)
    params = net.init(jax.random.key(seed), jnp.asarray(x))
    specs = shard_params(params)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        xs = jax.device_put(x, NamedSharding(mesh, P(AXES.batch)))
        fwd = jax.jit(jax.shard_map(lambda p, x: net.apply(p, None, x), in_specs=(specs, P(AXES.batch)),
                                    out_specs=(P(AXES.batch), P(AXES.batch))))
        y, entropy = fwd(placed, xs)
    print("y", y.shape, "head entropy", np.asarray(entropy).round(3))


if __name__ == "__main__":
    main(*inputs())
