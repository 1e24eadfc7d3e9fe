"""mlp_zoo/debug/hidden_dump.py

Dumps the hidden activations of a tensor-parallel MLP for offline inspection. The `HiddenTap`
module first gathers the split hidden units over the model axis (each row complete), and the
dump step then collects every row of the batch onto every device for the writer.
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


AXES = {"batch": "data", "hidden": "model"}
DUMP_AXES = tuple(AXES.values())


def param_spec(key):
    if re.search(r"^dense_in/", key):
        return P(None, AXES["hidden"]) if key.endswith("/w") else P(AXES["hidden"])
    if re.search(r"^dense_out/w", key):
        return P(AXES["hidden"], None)
    return P()


class DenseIn(Module):
    def __init__(self, width, name=None):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.width), init=truncated_normal(0.1))
        b = get_parameter("b", (self.width,))
        return jax.nn.relu(x @ w + b)


class DenseOut(Module):
    def __init__(self, width, axis):
        super().__init__()
        self.width, self.axis = width, axis

    def __call__(self, h):
        w = get_parameter("w", (h.shape[-1], self.width), init=truncated_normal(0.1))
        y = h @ w
        return y if running_init() else jax.lax.psum(y, self.axis)


class HiddenTap(Module):
    """Keeps a complete copy of each row's hidden units (for the dump only)."""

    def __init__(self, axis):
        super().__init__()
        self.axis = axis

    def __call__(self, h):
        if running_init():
            return h
        full = jax.lax.all_gather(h, self.axis, axis=1, tiled=True, to="reduced")
        set_state("hidden", full)
        return h


def network(x):
    h = DenseIn(48)(x)
    h = HiddenTap(AXES["hidden"])(h)
    return DenseOut(8, AXES["hidden"])(h)


def collect_rows(hidden):
    return jax.lax.all_gather(hidden, DUMP_AXES, axis=0, tiled=True, to="reduced")


def make_dump_step(net, specs):
    def body(params, x):
        y, state = net.apply(params, {}, None, x)
        return y, collect_rows(state["hidden_tap/hidden"])

    return jax.jit(jax.shard_map(
        body,
        in_specs=(specs, P(AXES["batch"], None)),
        out_specs=(P(AXES["batch"], None), P(None, None, reduced=set(DUMP_AXES))),
    ))


def inputs():
    x = np.linspace(-1.0, 1.0, 16 * 12, dtype=np.float32).reshape(16, 12)
    return x, "relu"


def main(x, activation):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    net = transform_with_state(network)
    params, _ = net.init(jax.random.key(0), jnp.asarray(x))
    specs = {k: param_spec(k) for k in params}
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        xs = jax.device_put(x, NamedSharding(mesh, P(AXES["batch"], None)))
        y, dump = make_dump_step(net, specs)(placed, xs)
    print(activation, "outputs", y.shape, "dump", dump.shape)
    print("mean |h|:", float(np.abs(np.asarray(jax.device_get(y))).mean()))


if __name__ == "__main__":
    main(*inputs())
