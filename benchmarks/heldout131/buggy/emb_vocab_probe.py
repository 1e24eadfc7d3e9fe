"""retrieval/embeddings/vocab_parallel_probe.py

Token embedding table split over "model" along the vocabulary (each device owns a contiguous
slice of rows); a lookup masks the ids outside the slice and adds the partial rows up over
"model". A norm probe records the embedding norms of the batch for the drift dashboard,
gathered over the axis in the transform config.
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


EMB_CONFIG = {"vocab_axis": "model", "batch_axis": "data", "probe_axis": "model", "vocab": 64, "dim": 12}


def table_specs(params):
    return {k: P(get_vocab_axis(), None) if re.search(r"embed/table$", k) else P() for k in params}


def get_vocab_axis():
    return EMB_CONFIG["vocab_axis"]


class VocabParallelEmbed(Module):
    def __call__(self, ids):
        table = get_parameter("table", (get_config("vocab"), get_config("dim")), init=truncated_normal(1.0))
        if running_init():
            return jnp.take(table, ids, axis=0)
        rows = table.shape[0]
        start = jax.lax.axis_index(get_config("vocab_axis")) * rows
        local = ids - start
        inside = (local >= 0) & (local < rows)
        part = jnp.where(inside[..., None], jnp.take(table, jnp.clip(local, 0, rows - 1), axis=0), 0.0)
        return jax.lax.psum(part, get_config("vocab_axis"))


class NormProbe(Module):
    def __call__(self, emb):
        norms = jnp.sqrt(jnp.sum(emb * emb, axis=-1))
        if not running_init():
            set_state("norms", jax.lax.all_gather(norms, get_config("probe_axis"), axis=0, tiled=True, to="reduced"))
        return emb


def pooled_embedding(ids):
    emb = NormProbe()(VocabParallelEmbed(name="embed")(ids))
    return jnp.mean(emb, axis=1)


def inputs():
    return np.random.default_rng(101).integers(0, EMB_CONFIG["vocab"], size=(8, 6)).astype(np.int32), 0


def main(ids, seed):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    net = transform_with_state(pooled_embedding, config=EMB_CONFIG)
    params, _ = net.init(jax.random.key(seed), jnp.asarray(ids))
    specs = table_specs(params)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        run = jax.jit(jax.shard_map(lambda p, i: net.apply(p, {}, None, i), in_specs=(specs, P("data")),
                                    out_specs=(P("data"), P(reduced={"data"}))))
        pooled, probe = run(placed, jax.device_put(ids, NamedSharding(mesh, P("data"))))
    print("pooled", pooled.shape, {k: v.shape for k, v in probe.items()})


if __name__ == "__main__":
    main(*inputs())
