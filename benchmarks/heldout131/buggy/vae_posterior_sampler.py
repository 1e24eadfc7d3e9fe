"""generative/vae/sampling/posterior_sampler.py

Draws posterior samples for a batch of inputs. The encoder's heads produce the latent slices of
"model"; the sampler reassembles each whole latent (gathered over "model", kept reduced so the
gradient of the sampled codes goes back to the slice owners) and applies the
reparameterisation before the decoder.
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


SAMPLER_CONFIG = {"latent_axis": "model", "batch_axis": "data", "latent": 8}
HEAD_SPEC = {"w": P(None, "model"), "b": P("model")}


def head_specs(params):
    specs = {}
    for key in params:
        module, leaf = key.rsplit("/", 1)
        specs[key] = HEAD_SPEC[leaf] if re.search(r"_head$", module) else P()
    return specs


class Dense(Module):
    def __init__(self, width, name):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.width), init=truncated_normal(x.shape[-1] ** -0.5))
        return x @ w + get_parameter("b", (self.width,))


def whole_latent(v):
    if running_init():
        return v
    return jax.lax.all_gather(v, get_config("latent_axis"), axis=-1, tiled=True, to="reduced")


def sample(x, eps):
    h = jnp.tanh(Dense(16, "encoder")(x))
    mu = whole_latent(Dense(get_config("latent"), "mu_head")(h))
    logvar = whole_latent(Dense(get_config("latent"), "logvar_head")(h))
    std = jnp.exp(0.5 * logvar)
    z = mu + std * eps
    return Dense(x.shape[-1], "decoder")(z)


def inputs():
    rng = np.random.default_rng(67)
    return rng.normal(size=(8, 6)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(x, eps):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    net = transform(sample, config=SAMPLER_CONFIG)
    params = net.init(jax.random.key(1), jnp.asarray(x), jnp.asarray(eps))
    specs = head_specs(params)
    rows = P(SAMPLER_CONFIG["batch_axis"])
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        run = jax.jit(jax.shard_map(lambda p, x, e: net.apply(p, None, x, e), in_specs=(specs, rows, rows),
                                    out_specs=rows))
        out = run(placed, jax.device_put(x, NamedSharding(mesh, rows)), jax.device_put(eps, NamedSharding(mesh, rows)))
    print("decoded samples", out.shape)


if __name__ == "__main__":
    main(*inputs())
