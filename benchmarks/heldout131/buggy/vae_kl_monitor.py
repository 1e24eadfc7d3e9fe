"""generative/vae/monitoring/kl_per_dim.py

VAE with a latent space split over "model" (each device owns a slice of the latent dimensions)
and the batch split over "data". The KL per latent dimension, summed over the global batch, is
logged for posterior-collapse monitoring; the monitor keeps it gathered over the axis named in
the transform config.
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


VAE_CONFIG = {"batch_axis": "data", "latent_axis": "model", "log_axis": "data", "latent": 8}
RULES = [
    (r"^(mu|logvar)_head/w$", P(None, "model")),
    (r"^(mu|logvar)_head/b$", P("model")),
    (r"^decoder/w_in$", P("model", None)),
]


def specs_for(params):
    out = {}
    for key in params:
        matched = [s for pat, s in RULES if re.match(pat, key)]
        out[key] = matched[0] if matched else P()
    return out


class Linear(Module):
    def __init__(self, width, name=None):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.width), init=truncated_normal(x.shape[-1] ** -0.5))
        b = get_parameter("b", (self.width,))
        return x @ w + b


class Decoder(Module):
    def __call__(self, z, out_dim):
        w_in = get_parameter("w_in", (z.shape[-1], 16), init=truncated_normal(0.3))
        h = z @ w_in
        if not running_init():
            h = jax.lax.psum(h, get_config("latent_axis"))
        w_out = get_parameter("w_out", (16, out_dim), init=truncated_normal(0.3))
        return jax.nn.relu(h) @ w_out


class KLMonitor(Module):
    def __call__(self, mu, logvar):
        kl = 0.5 * (jnp.exp(logvar) + mu * mu - 1.0 - logvar)
        per_dim = jnp.sum(kl, axis=0)
        if running_init():
            return per_dim
        per_dim = jax.lax.psum(per_dim, get_config("batch_axis"))
        set_state("kl_per_dim", jax.lax.all_gather(per_dim, get_config("log_axis"), tiled=True, to="reduced"))
        return per_dim


def vae(x, eps):
    h = jax.nn.relu(Linear(32, name="encoder")(x))
    mu = Linear(get_config("latent"), name="mu_head")(h)
    logvar = Linear(get_config("latent"), name="logvar_head")(h)
    z = mu + jnp.exp(0.5 * logvar) * eps
    recon = Decoder()(z, x.shape[-1])
    kl = KLMonitor()(mu, logvar)
    return recon, kl


def inputs():
    rng = np.random.default_rng(43)
    x = rng.uniform(size=(16, 12)).astype(np.float32)
    eps = rng.normal(size=(16, VAE_CONFIG["latent"])).astype(np.float32)
    return x, eps


def main(x, eps):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    net = transform_with_state(vae, config=VAE_CONFIG)
    params, _ = net.init(jax.random.key(0), jnp.asarray(x), jnp.asarray(eps))
    specs = specs_for(params)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        step = jax.jit(jax.shard_map(lambda p, x, e: net.apply(p, {}, None, x, e),
                                     in_specs=(specs, P("data"), P("data", "model")),
                                     out_specs=((P("data"), P("model")), P(reduced={VAE_CONFIG["log_axis"]}))))
        (recon, kl), state = step(placed, jax.device_put(x, NamedSharding(mesh, P("data"))),
                                  jax.device_put(eps, NamedSharding(mesh, P("data", "model"))))
    print("recon", recon.shape, "kl", kl.shape, "monitor", {k: v.shape for k, v in state.items()})


if __name__ == "__main__":
    main(*inputs())
