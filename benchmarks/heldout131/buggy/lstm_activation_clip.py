"""seqmodels/lstm/stability/activation_clip.py

Activation clipping for a data-parallel language LSTM: the cell state is clipped at a bound
taken from the largest absolute hidden activation of the whole global batch. The clipper
gathers the batch's cell sequences over the replica axis it is given (kept reduced), measures
their mean absolute size and makes sure every replica uses the same bound.
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


class LanguageLstm(Module):
    def __init__(self, vocab, hidden):
        super().__init__()
        self.vocab, self.hidden = vocab, hidden

    def __call__(self, ids):
        emb = get_parameter("embed", (self.vocab, self.hidden), init=truncated_normal(0.5))
        w = get_parameter("w", (2 * self.hidden, 4 * self.hidden), init=truncated_normal(0.2))
        xs = jnp.take(emb, ids, axis=0)

        def cell(carry, x_t):
            h, c = carry
            i, f, g, o = jnp.split(jnp.concatenate([x_t, h], -1) @ w, 4, axis=-1)
            c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            return (jax.nn.sigmoid(o) * jnp.tanh(c), c), c

        h0 = xs[:, 0] * 0.0
        _, cs = jax.lax.scan(cell, (h0, h0), jnp.swapaxes(xs, 0, 1))
        return jnp.swapaxes(cs, 0, 1)


class ActivationClip(Module):
    def __init__(self, replica_axis, margin=1.5):
        super().__init__()
        self.replica_axis, self.margin = replica_axis, margin

    def __call__(self, cs):
        if running_init():
            return cs
        global_cs = jax.lax.all_gather(cs, self.replica_axis, axis=0, tiled=True, to="reduced")
        mass = jnp.sum(jnp.abs(global_cs))
        bound = jax.lax.pmax(mass, self.replica_axis) / global_cs.size
        return jnp.clip(cs, -self.margin * bound, self.margin * bound)


class Readout(Module):
    def __call__(self, cs, vocab):
        w = get_parameter("w", (cs.shape[-1], vocab), init=truncated_normal(0.2))
        return jnp.tanh(cs) @ w


def language_model(ids, vocab=20, hidden=8, axis="data"):
    cs = LanguageLstm(vocab, hidden)(ids)
    return Readout()(ActivationClip(axis)(cs), vocab)


def next_token_loss(net, params, ids):
    logits = net.apply(params, None, ids[:, :-1])
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.mean(jnp.take_along_axis(logp, ids[:, 1:, None], axis=-1))
    return jax.lax.pmean(nll, "data")


def inputs():
    return np.random.default_rng(19).integers(0, 20, size=(16, 10)).astype(np.int32), ("data",)


def main(ids, axis_names):
    mesh = jax.make_mesh((8,), axis_names)
    net = transform(language_model)
    params = net.init(jax.random.key(8), jnp.asarray(ids[:, :-1]))
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, P())) for k, v in params.items()}
        loss = jax.jit(jax.shard_map(partial(next_token_loss, net), in_specs=({k: P() for k in params}, P("data")),
                                     out_specs=P()))
        print("nll", float(loss(placed, jax.device_put(ids, NamedSharding(mesh, P("data"))))))


if __name__ == "__main__":
    main(*inputs())
