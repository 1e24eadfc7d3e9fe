"""retrieval/embeddings/ann_index_export.py

Builds the ANN index of a two-tower retrieval model: item embeddings have their dimensions split
over "model" and the items over "data". The tower returns whole item vectors (dimensions
gathered over "model"); the index builder collects every item vector of the mesh using the
axes of its `IndexLayout`.
"""
import re
from dataclasses import dataclass, field
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


@dataclass
class IndexLayout:
    item_axis: str = "data"
    dim_axis: str = "model"
    collect: tuple = field(default_factory=lambda: ("data", "model"))


def tower_specs(params, layout):
    specs = {}
    for key in params:
        if re.search(r"item_tower/proj$", key):
            specs[key] = P(None, layout.dim_axis)
        else:
            specs[key] = P()
    return specs


class ItemTower(Module):
    def __init__(self, layout, dim=16):
        super().__init__()
        self.layout, self.dim = layout, dim

    def __call__(self, features):
        w = get_parameter("hidden", (features.shape[-1], 24), init=truncated_normal(0.3))
        proj = get_parameter("proj", (24, self.dim), init=truncated_normal(0.2))
        part = jax.nn.gelu(features @ w) @ proj
        if running_init():
            return part
        return jax.lax.all_gather(part, self.layout.dim_axis, axis=1, tiled=True, to="reduced")


def build_index(vectors, layout):
    return jax.lax.all_gather(vectors, layout.collect, axis=0, tiled=True, to="reduced")


def index_fn(features, layout):
    return build_index(ItemTower(layout)(features), layout)


def inputs():
    return np.random.default_rng(103).normal(size=(16, 10)).astype(np.float32), IndexLayout()


def main(features, layout):
    mesh = jax.make_mesh((4, 2), (layout.item_axis, layout.dim_axis))
    net = transform(partial(index_fn, layout=layout))
    params = transform(lambda f: ItemTower(layout)(f)).init(jax.random.key(2), jnp.asarray(features))
    specs = tower_specs(params, layout)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        build = jax.jit(jax.shard_map(lambda p, f: net.apply(p, None, f), in_specs=(specs, P(layout.item_axis)),
                                      out_specs=P(reduced=set(layout.collect))))
        index = build(placed, jax.device_put(features, NamedSharding(mesh, P(layout.item_axis))))
    print("index", index.shape)


if __name__ == "__main__":
    main(*inputs())
