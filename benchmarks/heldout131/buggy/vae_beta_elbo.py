"""generative/vae/train/beta_elbo.py

beta-VAE objective with the latent dimensions and the decoder's input split over "model". The
KL is added up over the latent slices; the reconstruction goes through the row-parallel decoder.
The trainer averages the objective over the axes listed in its `TrainConfig`.
"""
import re
from dataclasses import dataclass
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


@dataclass(frozen=True)
class TrainConfig:
    beta: float = 4.0
    latent_axis: str = "model"
    average_axes: tuple = ("data", "model")


def latent_parallel_specs(params, cfg):
    table = {}
    for key in params:
        if re.match(r"(mu|logvar)/w", key):
            table[key] = P(None, cfg.latent_axis)
        elif re.match(r"(mu|logvar)/b", key):
            table[key] = P(cfg.latent_axis)
        elif re.match(r"dec_in/w", key):
            table[key] = P(cfg.latent_axis, None)
        else:
            table[key] = P()
    return table


class Dense(Module):
    def __init__(self, width, name):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.width), init=truncated_normal(x.shape[-1] ** -0.5))
        return x @ w + get_parameter("b", (self.width,))


def neg_elbo(x, eps, cfg):
    h = jax.nn.elu(Dense(24, "enc")(x))
    mu, logvar = Dense(8, "mu")(h), Dense(8, "logvar")(h)
    z = mu + jnp.exp(0.5 * logvar) * eps
    pre = Dense(24, "dec_in")(z)
    if not running_init():
        pre = jax.lax.psum(pre, cfg.latent_axis)
    logits = Dense(x.shape[-1], "dec_out")(jax.nn.elu(pre))
    recon = jnp.sum(jnp.logaddexp(0.0, logits) - x * logits, axis=-1)
    kl = 0.5 * jnp.sum(jnp.exp(logvar) + mu ** 2 - 1.0 - logvar, axis=-1)
    if running_init():
        return jnp.mean(recon + cfg.beta * kl)
    kl = jax.lax.psum(kl, cfg.latent_axis)
    return jnp.mean(recon + cfg.beta * kl)


def make_loss(net, cfg):
    def loss(params, x, eps):
        return jax.lax.pmean(net.apply(params, None, x, eps), cfg.average_axes)
    return loss


def inputs():
    rng = np.random.default_rng(61)
    x = (rng.uniform(size=(16, 10)) > 0.3).astype(np.float32)
    return x, rng.normal(size=(16, 8)).astype(np.float32), TrainConfig()


def main(x, eps, cfg):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    net = transform(partial(neg_elbo, cfg=cfg))
    params = net.init(jax.random.key(0), jnp.asarray(x), jnp.asarray(eps))
    specs = latent_parallel_specs(params, cfg)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        step = jax.jit(jax.shard_map(make_loss(net, cfg), in_specs=(specs, P("data"), P("data", cfg.latent_axis)),
                                     out_specs=P()))
        value = step(placed, jax.device_put(x, NamedSharding(mesh, P("data"))),
                     jax.device_put(eps, NamedSharding(mesh, P("data", cfg.latent_axis))))
    print("-elbo", float(value))


if __name__ == "__main__":
    main(*inputs())
