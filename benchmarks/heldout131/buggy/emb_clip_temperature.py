"""retrieval/embeddings/clip_logits.py

CLIP-style image/text contrastive logits on an 8-way data-parallel mesh. Text embeddings of the
global batch are gathered over "data" (kept reduced so each caption's gradient returns to its
replica once) and scaled by the learned temperature before the similarity with the local images.
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


CLIP_CONFIG = {"axis": "data", "dim": 8, "init_logit_scale": float(np.log(1 / 0.07))}


class Encoder(Module):
    def __init__(self, name):
        super().__init__(name)

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], get_config("dim")), init=truncated_normal(x.shape[-1] ** -0.5))
        e = jnp.tanh(x @ w)
        return e * jax.lax.rsqrt(jnp.sum(e * e, axis=-1, keepdims=True))


class LogitScale(Module):
    def __call__(self):
        init = lambda shape, dtype: jnp.full(shape, get_config("init_logit_scale"), dtype)
        return jnp.exp(get_parameter("log_scale", (), init=init))


def clip_logits(images, texts):
    img = Encoder("image_encoder")(images)
    txt = Encoder("text_encoder")(texts)
    scale = LogitScale()()
    if running_init():
        return img @ txt.T
    all_txt = jax.lax.all_gather(txt, get_config("axis"), axis=0, tiled=True, to="reduced")
    scaled = all_txt * scale
    return img @ scaled.T


def clip_loss(net, params, images, texts):
    logits = net.apply(params, None, images, texts)
    offset = jax.lax.axis_index(CLIP_CONFIG["axis"]) * images.shape[0]
    labels = offset + jnp.arange(images.shape[0])
    logp = jax.nn.log_softmax(logits, axis=-1)
    nll = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
    return jax.lax.pmean(nll, CLIP_CONFIG["axis"])


def inputs():
    rng = np.random.default_rng(127)
    return rng.normal(size=(16, 12)).astype(np.float32), rng.normal(size=(16, 5)).astype(np.float32)


def main(images, texts):
    mesh = jax.make_mesh((8,), (CLIP_CONFIG["axis"],))
    net = transform(clip_logits, config=CLIP_CONFIG)
    params = net.init(jax.random.key(0), jnp.asarray(images), jnp.asarray(texts))
    print({k: v.shape for k, v in params.items()})
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, P())) for k, v in params.items()}
        rows = NamedSharding(mesh, P("data"))
        loss = jax.jit(jax.shard_map(partial(clip_loss, net), in_specs=({k: P() for k in params}, P("data"), P("data")),
                                     out_specs=P()))
        print("clip loss", float(loss(placed, jax.device_put(images, rows), jax.device_put(texts, rows))))


if __name__ == "__main__":
    main(*inputs())
