"""retrieval/embeddings/train_metrics.py

Training metrics of a dual-encoder with a column-parallel projection: the projected dimensions
are split over "model", so the similarity is completed with a sum over "model"; the batch is
split over "data". The metric dict is averaged over the metric axes before it is logged.
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


METRIC_AXES = ("data", "model")
PROJ_SPECS = {"w": P(None, "model"), "b": P("model")}


def dual_specs(params):
    out = {}
    for key in params:
        module, leaf = key.split("/")
        out[key] = PROJ_SPECS[leaf] if module.endswith("_proj") else P()
    return out


class Proj(Module):
    def __init__(self, dim, name):
        super().__init__(name)
        self.dim = dim

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.dim), init=truncated_normal(x.shape[-1] ** -0.5))
        return x @ w + get_parameter("b", (self.dim,))


def similarity(a, b, axis):
    s = jnp.sum(a * b, axis=-1)
    return s if running_init() else jax.lax.psum(s, axis)


def dual_encoder(left, right):
    a = Proj(16, "left_proj")(left)
    b = Proj(16, "right_proj")(right)
    pos = similarity(a, b, "model")
    neg = similarity(a, jnp.roll(b, 1, axis=0), "model")
    loss = jnp.mean(jax.nn.softplus(neg - pos))
    metrics = {"loss": loss, "pos_sim": jnp.mean(pos), "margin": jnp.mean(pos - neg)}
    return loss, metrics


def reduce_metrics(metrics):
    return jax.tree.map(lambda m: jax.lax.pmean(m, METRIC_AXES), metrics)


def make_eval(net):
    def run(params, left, right):
        _, metrics = net.apply(params, None, left, right)
        return reduce_metrics(metrics)
    return run


def inputs():
    rng = np.random.default_rng(113)
    return rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(16, 9)).astype(np.float32)


def main(left, right):
    mesh = jax.make_mesh((4, 2), METRIC_AXES)
    net = transform(dual_encoder)
    params = net.init(jax.random.key(5), jnp.asarray(left), jnp.asarray(right))
    specs = dual_specs(params)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        rows = NamedSharding(mesh, P("data"))
        run = jax.jit(jax.shard_map(make_eval(net), in_specs=(specs, P("data"), P("data")), out_specs=P()))
        metrics = run(placed, jax.device_put(left, rows), jax.device_put(right, rows))
    print({k: round(float(v), 4) for k, v in metrics.items()})


if __name__ == "__main__":
    main(*inputs())
