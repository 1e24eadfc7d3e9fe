"""retrieval/embeddings/inbatch_softmax.py

Sampled-softmax retrieval loss with in-batch negatives across an 8-way data-parallel mesh. The
candidate masses of each replica are added up over "data" (no gathered copy of the candidates
is needed for the partition function); the total loss is added up across replicas.
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


class Tower(Module):
    def __init__(self, dim, name):
        super().__init__(name)
        self.dim = dim

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.dim), init=truncated_normal(x.shape[-1] ** -0.5))
        e = x @ w
        return e / jnp.linalg.norm(e, axis=-1, keepdims=True)


class InBatchCandidates(Module):
    def __init__(self, axis):
        super().__init__()
        self.axis = axis

    def __call__(self, cand):
        if running_init():
            return cand
        return jax.lax.all_gather(cand, self.axis, axis=0, tiled=True, to="reduced")


def retrieval_loss(queries, candidates, axis="data"):
    q = Tower(8, "query_tower")(queries)
    c = Tower(8, "candidate_tower")(candidates)
    if running_init():
        return jnp.zeros(())
    pos = jnp.sum(q * c, axis=-1)
    pool_mass = jnp.sum(jnp.exp(c), axis=0)
    pool_mass = jax.lax.psum(pool_mass, axis)
    log_z = jnp.log(jnp.exp(q) @ pool_mass)
    n = jax.lax.psum(q.shape[0], axis)
    return jax.lax.psum(jnp.sum(log_z - pos), axis) / n


def inputs():
    rng = np.random.default_rng(107)
    return rng.normal(size=(16, 5)).astype(np.float32), rng.normal(size=(16, 7)).astype(np.float32)


def main(queries, candidates):
    mesh = jax.make_mesh((8,), ("data",))
    net = transform(retrieval_loss)
    params = net.init(jax.random.key(1), jnp.asarray(queries), jnp.asarray(candidates))
    print(sorted(params))
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, P())) for k, v in params.items()}
        rows = NamedSharding(mesh, P("data"))
        loss = jax.jit(jax.shard_map(lambda p, q, c: net.apply(p, None, q, c),
                                     in_specs=({k: P() for k in params}, P("data"), P("data")), out_specs=P()))
        print("loss", float(loss(placed, jax.device_put(queries, rows), jax.device_put(candidates, rows))))


if __name__ == "__main__":
    main(*inputs())
