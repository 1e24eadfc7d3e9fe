"""retrieval/embeddings/publish_table.py

Publishes the embedding tables of a recommendation model to the feature server. Tables are
row-split over "model" for training (and their projection heads column-split); the publisher
gathers each leaf whole with the spec its `PublishRule` gives, then copies it to the host.
"""
import re
from dataclasses import dataclass
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


@dataclass(frozen=True)
class PublishRule:
    pattern: str
    train: P
    publish: P


RULES = (
    PublishRule(r"_table/embeddings$", P("model", None), P(None, None, reduced={"model"})),
    PublishRule(r"_head/w$", P(None, "model"), P(None, None)),
    PublishRule(r".*", P(), P()),
)


def rule_for(key):
    return next(r for r in RULES if re.search(r.pattern, key))


class Table(Module):
    def __init__(self, rows, dim, name):
        super().__init__(name)
        self.rows, self.dim = rows, dim

    def __call__(self, ids):
        return jnp.take(get_parameter("embeddings", (self.rows, self.dim), init=truncated_normal(0.5)), ids, axis=0)


class Head(Module):
    def __call__(self, x, out):
        return x @ get_parameter("w", (x.shape[-1], out), init=truncated_normal(0.3))


def recommender(user_ids, item_ids):
    u = Table(32, 8, "user_table")(user_ids)
    i = Table(48, 8, "item_table")(item_ids)
    return jnp.sum(Head(name="user_head")(u, 8) * i, axis=-1)


def publish(placed):
    out = {}
    for key in sorted(placed):
        out[key] = top_level_all_gather(placed[key], rule_for(key).publish)
    return out


def inputs():
    rng = np.random.default_rng(109)
    return rng.integers(0, 32, size=(8,)).astype(np.int32), rng.integers(0, 48, size=(8,)).astype(np.int32)


def main(user_ids, item_ids):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    net = transform(recommender)
    params = net.init(jax.random.key(12), jnp.asarray(user_ids), jnp.asarray(item_ids))
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, rule_for(k).train)) for k, v in params.items()}
        published = publish(placed)
        print({k: str(v.sharding.spec) for k, v in published.items()})
    print("scores", net.apply(params, None, jnp.asarray(user_ids), jnp.asarray(item_ids)).shape)


if __name__ == "__main__":
    main(*inputs())
