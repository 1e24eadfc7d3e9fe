"""generative/vae/regularizers/aggregate_prior.py

Aggregate-posterior regulariser (InfoVAE-style moment matching) for a VAE whose latent
dimensions are split over "model". The regulariser needs whole latent vectors, so `WholeLatent`
gathers the latent slices over "model" (kept reduced); the second moment of the latent codes is
then summed over the latent axis and over replicas.
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
    batch: str = "data"
    latent: str = "model"


SPECS = {
    r"encoder/w": P(),
    r"encoder/b": P(),
    r"mean/w": P(None, "model"),
    r"mean/b": P("model"),
    r"decoder/w": P("model", None),
    r"decoder/b": P(),
}


def match_specs(params):
    return {k: next(s for pat, s in SPECS.items() if re.fullmatch(pat, k)) for k in params}


class Dense(Module):
    def __init__(self, width, name):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.width), init=truncated_normal(x.shape[-1] ** -0.5))
        return x @ w + get_parameter("b", (self.width,))


class WholeLatent(Module):
    def __init__(self, axes):
        super().__init__()
        self.axes = axes

    def __call__(self, z):
        if running_init():
            return z
        return jax.lax.all_gather(z, self.axes.latent, axis=1, tiled=True, to="reduced")


class MomentMatch(Module):
    def __init__(self, axes):
        super().__init__()
        self.axes = axes

    def __call__(self, z_full):
        second = jnp.sum(z_full * z_full, axis=0)
        total = jax.lax.psum(jnp.sum(second), (self.axes.latent,))
        count = jax.lax.psum(z_full.shape[0], self.axes.batch)
        return total, count


def objective(x, axes=Axes()):
    h = jnp.tanh(Dense(20, "encoder")(x))
    z = Dense(6, "mean")(h)
    recon = Dense(x.shape[-1], "decoder")(z)
    if running_init():
        return jnp.zeros(())
    recon = jax.lax.psum(recon, axes.latent)
    mse = jnp.mean(jnp.square(recon - x))
    total, count = MomentMatch(axes)(WholeLatent(axes)(z))
    return jax.lax.pmean(mse, axes.batch) + 0.01 * jax.lax.psum(total, axes.batch) / count


def inputs():
    return np.random.default_rng(53).normal(size=(16, 10)).astype(np.float32), Axes()


def main(x, axes):
    mesh = jax.make_mesh((4, 2), tuple(axes))
    net = transform(partial(objective, axes=axes))
    params = net.init(jax.random.key(5), jnp.asarray(x))
    specs = match_specs(params)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        loss = jax.jit(jax.shard_map(lambda p, x: net.apply(p, None, x), in_specs=(specs, P(axes.batch)),
                                     out_specs=P()))
        print("objective", float(loss(placed, jax.device_put(x, NamedSharding(mesh, P(axes.batch))))))


if __name__ == "__main__":
    main(*inputs())
