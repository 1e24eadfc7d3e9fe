"""seqmodels/lstm/eval/perplexity.py

Perplexity of a character LSTM whose softmax is split over "model" along the vocabulary (the
batch over "data"). The evaluator builds the metric module with the mesh's axis names so the
reported perplexity is averaged over every device.
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


VOCAB, HIDDEN = 32, 10
SPEC_BY_SUFFIX = {"softmax/w": P(None, "model"), "softmax/b": P("model")}


def spec_tree(params):
    return {k: next((s for suf, s in SPEC_BY_SUFFIX.items() if k.endswith(suf)), P()) for k in params}


class CharLstm(Module):
    def __call__(self, ids):
        emb = get_parameter("embed", (VOCAB, HIDDEN), init=truncated_normal(1.0))
        w = get_parameter("w", (2 * HIDDEN, 4 * HIDDEN), init=truncated_normal(0.2))
        xs = jnp.swapaxes(emb[ids], 0, 1)

        def cell(carry, x_t):
            h, c = carry
            i, f, g, o = jnp.split(jnp.concatenate([x_t, h], -1) @ w, 4, -1)
            c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            h = jax.nn.sigmoid(o) * jnp.tanh(c)
            return (h, c), h

        _, hs = jax.lax.scan(cell, (xs[0] * 0, xs[0] * 0), xs)
        return jnp.swapaxes(hs, 0, 1)


class Softmax(Module):
    def __call__(self, hs):
        w = get_parameter("w", (HIDDEN, VOCAB), init=truncated_normal(0.3))
        b = get_parameter("b", (VOCAB,))
        return hs @ w + b


class Perplexity(Module):
    def __init__(self, vocab_axis, average_over):
        super().__init__()
        self.vocab_axis, self.average_over = vocab_axis, average_over

    def __call__(self, logits, targets):
        shard = logits.shape[-1]
        offset = jax.lax.axis_index(self.vocab_axis) * shard
        mine = (targets >= offset) & (targets < offset + shard)
        picked = jnp.take_along_axis(logits, jnp.clip(targets - offset, 0, shard - 1)[..., None], -1)[..., 0]
        target_logit = jax.lax.psum(jnp.where(mine, picked, 0.0), self.vocab_axis)
        log_z = jnp.log(jax.lax.psum(jnp.sum(jnp.exp(logits), axis=-1), self.vocab_axis))
        nll = jnp.mean(log_z - target_logit)
        return jnp.exp(jax.lax.pmean(nll, self.average_over))


def evaluate(ids, axis_names=("data", "model")):
    logits = Softmax()(CharLstm()(ids[:, :-1]))
    if running_init():
        return jnp.zeros(())
    return Perplexity(axis_names[-1], axis_names[:1])(logits, ids[:, 1:])


def inputs():
    return np.random.default_rng(29).integers(0, VOCAB, size=(8, 12)).astype(np.int32), 2


def main(ids, model_parallel):
    mesh = jax.make_mesh((8 // model_parallel, model_parallel), ("data", "model"))
    net = transform(partial(evaluate, axis_names=mesh.axis_names))
    params = net.init(jax.random.key(4), jnp.asarray(ids))
    specs = spec_tree(params)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        ppl = jax.jit(jax.shard_map(lambda p, i: net.apply(p, None, i), in_specs=(specs, P("data")), out_specs=P()))
        print("perplexity", float(ppl(placed, jax.device_put(ids, NamedSharding(mesh, P("data"))))))


if __name__ == "__main__":
    main(*inputs())
