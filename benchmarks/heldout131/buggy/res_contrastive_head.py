"""vision/resnet/heads/contrastive.py

SimCLR-style contrastive head on an 8-way data-parallel ResNet. Every device needs the
projections of the whole global batch as negatives; they are gathered over "data" and kept
reduced so that each projection's gradient is summed back onto the device that produced it.
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


HEAD = {"axis": "data", "temperature": 0.1, "proj_dim": 8}


class Encoder(Module):
    def __call__(self, x):
        k = get_parameter("kernel", (3, 3, x.shape[-1], 12), init=truncated_normal(0.2))
        h = jax.lax.conv_general_dilated(x, k, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return jnp.mean(jax.nn.relu(h), axis=(1, 2))


class Projection(Module):
    def __call__(self, h):
        w1 = get_parameter("w1", (h.shape[-1], 16), init=truncated_normal(0.3))
        w2 = get_parameter("w2", (16, HEAD["proj_dim"]), init=truncated_normal(0.3))
        z = jax.nn.relu(h @ w1) @ w2
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


class NegativesBank(Module):
    def __init__(self, axis):
        super().__init__()
        self.axis = axis

    def __call__(self, z):
        if running_init():
            return z
        return jax.lax.all_gather(z, self.axis, axis=0, tiled=True, to="reduced")


def contrastive_logits(images):
    z = Projection()(Encoder()(images))
    bank = NegativesBank(HEAD["axis"])(z)
    keys = bank / HEAD["temperature"]
    return z @ keys.T


def info_nce(logits, positives):
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.take_along_axis(logp, positives[:, None], axis=1))


def build_loss(net):
    def loss(params, images, positives):
        logits = net.apply(params, None, images)
        return jax.lax.pmean(info_nce(logits, positives), HEAD["axis"])
    return loss


def inputs():
    rng = np.random.default_rng(23)
    images = rng.uniform(size=(16, 8, 8, 3)).astype(np.float32)
    positives = ((np.arange(16) + 8) % 16).astype(np.int32)
    return images, positives


def main(images, positives):
    mesh = jax.make_mesh((8,), (HEAD["axis"],))
    net = transform(contrastive_logits)
    params = net.init(jax.random.key(9), jnp.asarray(images))
    specs = {k: P() for k in params}
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, P())) for k, v in params.items()}
        batch = NamedSharding(mesh, P(HEAD["axis"]))
        loss_fn = jax.jit(jax.shard_map(build_loss(net), in_specs=(specs, P(HEAD["axis"]), P(HEAD["axis"])),
                                        out_specs=P()))
        loss = loss_fn(placed, jax.device_put(images, batch), jax.device_put(positives, batch))
    print("info-nce", float(loss))


if __name__ == "__main__":
    main(*inputs())
