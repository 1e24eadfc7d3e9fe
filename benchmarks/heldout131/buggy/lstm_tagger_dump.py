"""seqmodels/lstm/tagging/dump_emissions.py

Sequence tagger: an LSTM over the tokens (batch split over "data"), then an emission layer whose
tag columns are split over "model". For the CRF debugging tool every row's complete emission
matrix is formed (gathered over "model") and the dump collects all rows over the mesh.
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


class Axes(NamedTuple):
    rows: str
    tags: str


def param_specs(params, axes):
    return {k: (P(None, axes.tags) if re.fullmatch(r"emission/w", k) else P(axes.tags) if k == "emission/b" else P())
            for k in params}


class Lstm(Module):
    def __call__(self, xs, hidden=10):
        d = xs.shape[-1]
        w = get_parameter("w", (d + hidden, 4 * hidden), init=truncated_normal((d + hidden) ** -0.5))
        b = get_parameter("b", (4 * hidden,))

        def cell(carry, x_t):
            h, c = carry
            z = jnp.concatenate([x_t, h], axis=-1) @ w + b
            i, f, g, o = jnp.split(z, 4, axis=-1)
            c = jax.nn.sigmoid(f + 1.0) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            h = jax.nn.sigmoid(o) * jnp.tanh(c)
            return (h, c), h

        h0 = jnp.tanh(xs[:, 0] @ w[:d, :hidden])
        _, hs = jax.lax.scan(cell, (h0, jnp.zeros_like(h0)), jnp.swapaxes(xs, 0, 1))
        return jnp.swapaxes(hs, 0, 1)


class Emission(Module):
    def __init__(self, n_tags, axes):
        super().__init__()
        self.n_tags, self.axes = n_tags, axes

    def __call__(self, hs):
        w = get_parameter("w", (hs.shape[-1], self.n_tags), init=truncated_normal(0.3))
        b = get_parameter("b", (self.n_tags,))
        e = hs @ w + b
        if running_init():
            return e
        return jax.lax.all_gather(e, self.axes.tags, axis=2, tiled=True, to="reduced")


def tagger(xs, axes):
    return Emission(8, axes)(Lstm()(xs))


def dump_emissions(emissions, axes):
    return jax.lax.all_gather(emissions, tuple(axes), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(6)
    return rng.normal(size=(8, 9, 4)).astype(np.float32), Axes(rows="data", tags="model")


def main(tokens, axes):
    mesh = jax.make_mesh((4, 2), tuple(axes))
    net = transform(partial(tagger, axes=axes))
    params = net.init(jax.random.key(3), jnp.asarray(tokens))
    specs = param_specs(params, axes)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        body = lambda p, x: dump_emissions(net.apply(p, None, x), axes)
        dump = jax.jit(jax.shard_map(body, in_specs=(specs, P(axes.rows)),
                                     out_specs=P(reduced=set(axes))))
        out = dump(placed, jax.device_put(tokens, NamedSharding(mesh, P(axes.rows))))
    print("emissions", out.shape)


if __name__ == "__main__":
    main(*inputs())
