"""mlp_zoo/parallel/tp_mlp_probe.py

Tensor-parallel MLP head written with an hk-style transform: the hidden layer is split over the
"model" axis (column kernel), the output layer contracts the split hidden units and sums them
over "model" (row kernel). A logit probe gathers the logits for the trainer's monitor; which
axis it gathers over is read from the transform's config.
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


MLP_CONFIG = {"model_axis": "model", "batch_axis": "data", "probe_axis": "data"}

PARAM_RULES = (
    (r"column_linear(_\d+)?/w$", P(None, "model")),
    (r"column_linear(_\d+)?/b$", P("model")),
    (r"row_linear(_\d+)?/w$", P("model", None)),
    (r".*", P()),
)


def spec_for(key):
    for pattern, spec in PARAM_RULES:
        if re.search(pattern, key):
            return spec
    raise KeyError(key)


class ColumnLinear(Module):
    def __init__(self, width, name=None):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.width), init=truncated_normal(0.2))
        b = get_parameter("b", (self.width,))
        return x @ w + b


class RowLinear(Module):
    def __init__(self, width, axis, name=None):
        super().__init__(name)
        self.width, self.axis = width, axis

    def __call__(self, h):
        w = get_parameter("w", (h.shape[-1], self.width), init=truncated_normal(0.2))
        b = get_parameter("b", (self.width,))
        y = h @ w
        if not running_init():
            y = jax.lax.psum(y, self.axis)
        return y + b


class LogitProbe(Module):
    def __call__(self, logits):
        axis = get_config("probe_axis")
        seen = jax.lax.all_gather(logits, axis, axis=0, tiled=True, to="reduced")
        return seen


def mlp_head(x, with_probe=False):
    h = jax.nn.gelu(ColumnLinear(64)(x))
    h = jax.nn.gelu(ColumnLinear(64)(RowLinear(32, get_config("model_axis"))(h)))
    logits = RowLinear(10, get_config("model_axis"))(h)
    if with_probe:
        return logits, LogitProbe()(logits)
    return logits


def build(mesh, params):
    net = transform(partial(mlp_head, with_probe=True), config=MLP_CONFIG)
    specs = {k: spec_for(k) for k in params}
    batch = MLP_CONFIG["batch_axis"]
    run = jax.shard_map(
        lambda p, x: net.apply(p, None, x),
        mesh=mesh,
        in_specs=(specs, P(batch, None)),
        out_specs=(P(batch, None), P(None, None, reduced={batch})),
    )
    return jax.jit(run)


def inputs():
    rng = np.random.default_rng(3)
    x = rng.normal(size=(32, 24)).astype(np.float32)
    return x, 7


def main(x, seed):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    init = transform(mlp_head, config=MLP_CONFIG).init
    params = init(jax.random.key(seed), jnp.asarray(x))
    print("params:", {k: v.shape for k, v in params.items()})
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, spec_for(k))) for k, v in params.items()}
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        logits, probe = build(mesh, placed)(placed, xs)
        print("logits", logits.shape, "probe", probe.shape, float(jnp.abs(logits).mean()))


if __name__ == "__main__":
    main(*inputs())
