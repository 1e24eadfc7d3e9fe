"""generative/vae/serving/export_decoder.py

Exports only the decoder of a trained VAE to the sampling service. The training layout splits
the decoder's hidden units over "model"; the exporter gathers every decoder leaf whole. Its
export spec marks the training spec's axes reduced, so the gather stays a no-op in value.
"""
import re
from functools import partial
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


TRAIN_LAYOUT = [
    (r"decoder_hidden/w$", lambda nd: P(None, "model")),
    (r"decoder_hidden/b$", lambda nd: P("model")),
    (r"decoder_out/w$", lambda nd: P("model", None)),
    (r".*", lambda nd: P(*([None] * nd))),
]


def train_spec(key, nd):
    for pattern, make in TRAIN_LAYOUT:
        if re.search(pattern, key):
            return make(nd)


def whole_spec(nd, mesh_axes):
    return P(*([None] * nd), reduced=set(mesh_axes))


class Dense(Module):
    def __init__(self, width, name):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.width), init=truncated_normal(x.shape[-1] ** -0.5))
        return x @ w + get_parameter("b", (self.width,))


def vae_decode(z, out_dim=12):
    return jax.nn.sigmoid(Dense(out_dim, "decoder_out")(jax.nn.relu(Dense(32, "decoder_hidden")(z))))


def full_vae(x):
    h = jax.nn.relu(Dense(32, "encoder")(x))
    return vae_decode(Dense(4, "latent")(h), x.shape[-1])


def export_decoder(placed, mesh):
    exported = {}
    for key, value in placed.items():
        if not key.startswith("decoder"):
            continue
        if train_spec(key, value.ndim) == P(*([None] * value.ndim)):
            exported[key] = value
            continue
        exported[key] = top_level_all_gather(value, whole_spec(value.ndim, [a for a in train_spec(key, value.ndim) if a]))
    return exported


def inputs():
    return np.random.default_rng(59).uniform(size=(4, 12)).astype(np.float32), 11


def main(x, seed):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    params = transform(full_vae).init(jax.random.key(seed), jnp.asarray(x))
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, train_spec(k, v.ndim))) for k, v in params.items()}
        decoder = export_decoder(placed, mesh)
        print({k: str(v.sharding.spec) for k, v in decoder.items()})
    host = {k: np.asarray(params[k]) for k in decoder}
    samples = transform(vae_decode).apply(host, None, jnp.zeros((3, 4)))
    print("samples", samples.shape)


if __name__ == "__main__":
    main(*inputs())
