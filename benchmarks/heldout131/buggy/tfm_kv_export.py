"""lm_stack/serving/kv_export.py

Exports the key/value cache of one decoder layer to the serving host. The heads are split over
"model" and the batch over "data"; the layer keeps every head of its rows (gathered over
"model") in its state, and the exporter collects the cache over both axes of the mesh.
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


LAYOUT = {"batch": "data", "heads": "model"}
HEADS, HEAD_DIM = 4, 8


def layout_specs(params):
    def one(key):
        if re.search(r"/w_(k|v|q)$", key):
            return P(None, LAYOUT["heads"], None)
        if re.search(r"/w_o$", key):
            return P(LAYOUT["heads"], None, None)
        return P()
    return {k: one(k) for k in params}


class KVLayer(Module):
    def __call__(self, x):
        d = x.shape[-1]
        init = truncated_normal(d ** -0.5)
        wq, wk, wv = (get_parameter(n, (d, HEADS, HEAD_DIM), init=init) for n in ("w_q", "w_k", "w_v"))
        wo = get_parameter("w_o", (HEADS, HEAD_DIM, d), init=init)
        q = jnp.einsum("btd,dhk->bthk", x, wq)
        k = jnp.einsum("btd,dhk->bthk", x, wk)
        v = jnp.einsum("btd,dhk->bthk", x, wv)
        w = jax.nn.softmax(jnp.einsum("bthk,bshk->bhts", q, k) * HEAD_DIM ** -0.5)
        y = jnp.einsum("bhts,bshk,hkd->btd", w, v, wo)
        if running_init():
            return y
        heads_axis = get_config("heads_axis")
        set_state("k", jax.lax.all_gather(k, heads_axis, axis=2, tiled=True, to="reduced"))
        set_state("v", jax.lax.all_gather(v, heads_axis, axis=2, tiled=True, to="reduced"))
        return jax.lax.psum(y, heads_axis)


def decoder(x):
    return KVLayer(name="decoder_layer")(x)


def export_axes():
    return tuple(LAYOUT[n] for n in ("batch", "heads"))


def export_cache(cache):
    return {name: jax.lax.all_gather(t, export_axes(), axis=0, tiled=True, to="reduced") for name, t in cache.items()}


def make_prefill(net, specs):
    def prefill(params, x):
        y, state = net.apply(params, {}, None, x)
        return y, export_cache(state)
    cache_spec = P(None, None, None, None, reduced=set(export_axes()))
    return jax.jit(jax.shard_map(prefill, in_specs=(specs, P("data")),
                                 out_specs=(P("data"), {"decoder_layer/k": cache_spec, "decoder_layer/v": cache_spec})))


def inputs():
    x = np.random.default_rng(2).normal(size=(4, 5, 12)).astype(np.float32)
    return x, {"heads_axis": "model"}


def main(x, config):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    net = transform_with_state(decoder, config=config)
    params, _ = net.init(jax.random.key(5), jnp.asarray(x))
    specs = layout_specs(params)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        y, cache = make_prefill(net, specs)(placed, jax.device_put(x, NamedSharding(mesh, P("data"))))
    print("y", y.shape, {k: v.shape for k, v in cache.items()})


if __name__ == "__main__":
    main(*inputs())
