"""lm_stack/layers/sequence_parallel_norm.py

Sequence-parallel pre-norm block: between layers the residual stream is split over "model" along
the sequence. Before the MLP the block regathers the sequence (the same full sequence on every
"model" device) and applies the layer norm to the full sequence.
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


BLOCK_CONFIG = {"seq_axis": "model", "batch_axis": "data", "eps": 1e-5}


def block_specs(params):
    specs = {}
    for key, value in params.items():
        if re.search(r"(scale|offset)$", key):
            specs[key] = P()
        elif re.search(r"mlp/w_in$", key):
            specs[key] = P(None, "model")
        elif re.search(r"mlp/w_out$", key):
            specs[key] = P("model", None)
        else:
            specs[key] = P(*([None] * value.ndim))
    return specs


class LayerNorm(Module):
    def __call__(self, x):
        d = x.shape[-1]
        scale = get_parameter("scale", (d,), init=jnp.ones)
        offset = get_parameter("offset", (d,))
        mu = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean(jnp.square(x - mu), axis=-1, keepdims=True)
        return (x - mu) * jax.lax.rsqrt(var + get_config("eps")) * scale + offset


class Mlp(Module):
    def __call__(self, x):
        w_in = get_parameter("w_in", (x.shape[-1], 4 * x.shape[-1]), init=truncated_normal(0.1))
        w_out = get_parameter("w_out", (4 * x.shape[-1], x.shape[-1]), init=truncated_normal(0.1))
        return jax.nn.gelu(x @ w_in) @ w_out


def gather_sequence(x):
    if running_init():
        return x
    return jax.lax.all_gather(x, get_config("seq_axis"), axis=1, tiled=True, to="invarying")


def block(x):
    full = gather_sequence(x)
    h = LayerNorm()(full)
    y = Mlp()(h)
    if running_init():
        return x + y
    y = jax.lax.psum_scatter(y, get_config("seq_axis"), scatter_dimension=1, tiled=True)
    return x + y


def inputs():
    return np.random.default_rng(17).normal(size=(4, 16, 8)).astype(np.float32), 1


def main(x, seed):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    net = transform(block, config=BLOCK_CONFIG)
    params = net.init(jax.random.key(seed), jnp.asarray(x))
    specs = block_specs(params)
    stream = P(BLOCK_CONFIG["batch_axis"], BLOCK_CONFIG["seq_axis"], None)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        fwd = jax.jit(jax.shard_map(lambda p, x: net.apply(p, None, x), in_specs=(specs, stream), out_specs=stream))
        y = fwd(placed, jax.device_put(x, NamedSharding(mesh, stream)))
    print("out", y.shape, float(jnp.abs(y).mean()))


if __name__ == "__main__":
    main(*inputs())
