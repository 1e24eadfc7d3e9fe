"""lm_stack/train/token_loss.py

Token-level cross-entropy of a small language-model head with a vocabulary-parallel output
layer: the logits are split over "model" along the vocabulary, the log-partition is assembled
with a max/sum over "model", and the summed loss and token count are reduced over the mesh.
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


VOCAB, D = 64, 16
REDUCE_OVER = ("data", "model")


def vocab_parallel_specs(params):
    return {k: (P(None, "model") if re.search(r"unembed/w", k) else P()) for k in params}


class Embed(Module):
    def __call__(self, ids):
        table = get_parameter("table", (VOCAB, D), init=truncated_normal(1.0))
        return jnp.take(table, ids, axis=0)


class Unembed(Module):
    def __call__(self, h):
        return h @ get_parameter("w", (D, VOCAB), init=truncated_normal(D ** -0.5))


class VocabParallelXent(Module):
    def __init__(self, axis):
        super().__init__()
        self.axis = axis

    def __call__(self, logits, targets):
        shard = logits.shape[-1]
        start = jax.lax.axis_index(self.axis) * shard
        local = targets - start
        hit = (local >= 0) & (local < shard)
        picked = jnp.take_along_axis(logits, jnp.clip(local, 0, shard - 1)[..., None], axis=-1)[..., 0]
        target_logit = jax.lax.psum(jnp.where(hit, picked, 0.0), self.axis)
        m = jax.lax.pmax(jax.lax.stop_gradient(jnp.max(logits, axis=-1)), self.axis)
        z = jax.lax.psum(jnp.sum(jnp.exp(logits - m[..., None]), axis=-1), self.axis)
        return jnp.log(z) + m - target_logit


def lm_loss(ids, targets):
    logits = Unembed()(jnp.tanh(Embed()(ids)))
    if running_init():
        return jnp.zeros(())
    xent = VocabParallelXent("model")(logits, targets)
    total = jax.lax.psum(jnp.sum(xent), REDUCE_OVER)
    count = jax.lax.psum(jnp.float32(xent.size), "data")
    return total / count


def inputs():
    rng = np.random.default_rng(13)
    ids = rng.integers(0, VOCAB, size=(8, 12)).astype(np.int32)
    return ids, np.roll(ids, -1, axis=1)


def main(ids, targets):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    net = transform(lm_loss)
    params = net.init(jax.random.key(0), jnp.asarray(ids), jnp.asarray(targets))
    specs = vocab_parallel_specs(params)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, s)) for k, s in specs.items() for v in [params[k]]}
        tok = NamedSharding(mesh, P("data", None))
        loss = jax.jit(jax.shard_map(lambda p, i, t: net.apply(p, None, i, t),
                                     in_specs=(specs, P("data", None), P("data", None)), out_specs=P()))
        print("loss", float(loss(placed, jax.device_put(ids, tok), jax.device_put(targets, tok))))


if __name__ == "__main__":
    main(*inputs())
