"""retrieval/embeddings/ring_negatives.py

Retrieval scores with negatives borrowed from neighbouring replicas: the embedding dimensions
are split over "model" (scores completed with a sum over "model"), the batch over "data". Each
replica passes its item embeddings one step around the "data" ring with `ppermute` to score
them as negatives; the score table of the whole batch is returned gathered over "data" and kept
reduced there (declared in the out spec).
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


AXES = {"batch": "data", "dim": "model"}
RING_SIZE = 4


def proj_specs(params):
    return {k: (P(None, AXES["dim"]) if re.search(r"_proj/w$", k) else P()) for k in params}


class Proj(Module):
    def __init__(self, name):
        super().__init__(name)

    def __call__(self, x, dim=16):
        w = get_parameter("w", (x.shape[-1], dim), init=truncated_normal(x.shape[-1] ** -0.5))
        return jnp.tanh(x @ w)


def dot(a, b):
    s = jnp.sum(a * b, axis=-1)
    return s if running_init() else jax.lax.psum(s, AXES["dim"])


def scores(users, items):
    u = Proj("user_proj")(users)
    v = Proj("item_proj")(items)
    pos = dot(u, v)
    if running_init():
        return jnp.stack([pos, pos], axis=-1)
    perm = [(i, (i + 1) % RING_SIZE) for i in range(RING_SIZE)]
    borrowed = jax.lax.ppermute(v, AXES["batch"], perm)
    neg = dot(u, borrowed)
    table = jnp.stack([pos, neg], axis=-1)
    return jax.lax.all_gather(table, AXES["batch"], axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(151)
    return rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(16, 9)).astype(np.float32)


def main(users, items):
    mesh = jax.make_mesh((RING_SIZE, 2), (AXES["batch"], AXES["dim"]))
    net = transform(scores)
    params = net.init(jax.random.key(8), jnp.asarray(users), jnp.asarray(items))
    specs = proj_specs(params)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        rows = NamedSharding(mesh, P(AXES["batch"]))
        run = jax.jit(jax.shard_map(lambda p, u, i: net.apply(p, None, u, i), in_specs=(specs, P("data"), P("data")),
                                    out_specs=P(None, None, reduced={AXES["batch"]})))
        table = run(placed, jax.device_put(users, rows), jax.device_put(items, rows))
    print("score table", table.shape)


if __name__ == "__main__":
    main(*inputs())
