"""lm_stack/layers/attention_probe.py

Multi-head self-attention with the heads split over the "model" mesh axis. The output
projection sums the per-head contributions over the head axis; an `AttentionProbe` module keeps
a gathered copy of the layer output for the interpretability hooks, over the axis it is built
with.
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


HEADS, HEAD_DIM, D_MODEL = 8, 4, 16
SHARDING_RULES = [
    (r"attention/(query|key|value)$", P(None, "model")),
    (r"attention/out$", P("model", None)),
    (r".*", P()),
]


def rule_spec(key):
    return next(spec for pattern, spec in SHARDING_RULES if re.search(pattern, key))


class AttentionProbe(Module):
    def __init__(self, axis):
        super().__init__()
        self.axis = axis

    def __call__(self, y):
        if not running_init():
            set_state("seen", jax.lax.all_gather(y, self.axis, axis=0, tiled=True, to="reduced"))
        return y


class Attention(Module):
    def __init__(self, head_axis, probe_axis):
        super().__init__()
        self.head_axis, self.probe_axis = head_axis, probe_axis

    def __call__(self, x):
        init = truncated_normal(D_MODEL ** -0.5)
        proj = {n: get_parameter(n, (D_MODEL, HEADS * HEAD_DIM), init=init) for n in ("query", "key", "value")}
        out = get_parameter("out", (HEADS * HEAD_DIM, D_MODEL), init=init)
        b, t, _ = x.shape
        q, k, v = (jnp.reshape(x @ proj[n], (b, t, -1, HEAD_DIM)) for n in ("query", "key", "value"))
        scores = jnp.einsum("bthd,bshd->bhts", q, k) / np.sqrt(HEAD_DIM)
        probs = jax.nn.softmax(scores, axis=-1)
        ctx = jnp.einsum("bhts,bshd->bthd", probs, v).reshape(b, t, -1)
        y = ctx @ out
        if not running_init():
            y = jax.lax.psum(y, self.head_axis)
        return AttentionProbe(self.probe_axis)(y)


def layer(x, head_axis="model", probe_axis="data"):
    return x + Attention(head_axis, probe_axis)(x)


def build_forward(mesh, specs):
    net = transform_with_state(layer)

    def body(params, x):
        y, state = net.apply(params, {}, None, x)
        return y, state["attention/attention_probe/seen"]

    return net, jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs, P("data")),
                                      out_specs=(P("data"), P(reduced={"data"}))))


def inputs():
    rng = np.random.default_rng(21)
    return rng.normal(size=(4, 6, D_MODEL)).astype(np.float32), 0


def main(x, seed):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params, _ = transform_with_state(layer).init(jax.random.key(seed), jnp.asarray(x))
    specs = {k: rule_spec(k) for k in params}
    print({k: str(s) for k, s in specs.items()})
    with jax.set_mesh(mesh):
        _, fwd = build_forward(mesh, specs)
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        y, seen = fwd(placed, jax.device_put(x, NamedSharding(mesh, P("data"))))
        print("out", y.shape, "probe", seen.shape)


if __name__ == "__main__":
    main(*inputs())
