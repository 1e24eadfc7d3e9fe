"""vision/resnet/norm/ghost_batch_norm.py

Ghost batch norm for an 8-way data-parallel ResNet: the statistics are computed over virtual
batches built from the whole global batch. `GhostBatchNorm` looks at the gathered batch (kept
reduced over "data") to form the ghost groups and then sums the group statistics over replicas.
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


class GhostBatchNorm(Module):
    def __init__(self, axis_name, groups=4, name=None):
        super().__init__(name)
        self.axis_name, self.groups = axis_name, groups

    def __call__(self, x):
        c = x.shape[-1]
        gamma = get_parameter("gamma", (c,), init=jnp.ones)
        beta = get_parameter("beta", (c,))
        if running_init():
            return x * gamma + beta
        everyone = jax.lax.all_gather(x, self.axis_name, axis=0, tiled=True, to="reduced")
        ghosts = everyone.reshape((self.groups, -1) + everyone.shape[1:])
        group_sum = jnp.sum(ghosts, axis=(1, 2, 3))
        group_sq = jnp.sum(ghosts * ghosts, axis=(1, 2, 3))
        sums = jax.lax.psum(group_sum, self.axis_name)
        sqs = jax.lax.psum(group_sq, self.axis_name)
        n = ghosts.shape[1] * ghosts.shape[2] * ghosts.shape[3] * jax.lax.axis_size(self.axis_name)
        mean = jnp.mean(sums, axis=0) / n
        var = jnp.mean(sqs, axis=0) / n - mean ** 2
        return (x - mean) * jax.lax.rsqrt(var + 1e-5) * gamma + beta


class Conv1x1(Module):
    def __init__(self, channels, name=None):
        super().__init__(name)
        self.channels = channels

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.channels), init=truncated_normal(x.shape[-1] ** -0.5))
        return jnp.einsum("nhwc,cd->nhwd", x, w)


def bottleneck(x, axis_name="data"):
    h = jax.nn.relu(GhostBatchNorm(axis_name)(Conv1x1(8)(x)))
    h = GhostBatchNorm(axis_name)(Conv1x1(x.shape[-1])(h))
    return jax.nn.relu(x + h)


def replicated_specs(params):
    return {k: P() for k in params}


def inputs():
    return np.random.default_rng(7).normal(size=(32, 4, 4, 6)).astype(np.float32), 8


def main(images, n_devices):
    mesh = jax.make_mesh((n_devices,), ("data",))
    net = transform(bottleneck)
    params = net.init(jax.random.key(1), jnp.asarray(images))
    print(experimental.module_keys(params, "ghost_batch_norm_1"))
    with jax.set_mesh(mesh):
        placed = jax.device_put(params, NamedSharding(mesh, P()))
        fwd = jax.jit(jax.shard_map(lambda p, x: net.apply(p, None, x),
                                    in_specs=(replicated_specs(params), P("data")), out_specs=P("data")))
        y = fwd(placed, jax.device_put(images, NamedSharding(mesh, P("data"))))
    print("y", y.shape, float(y.mean()))


if __name__ == "__main__":
    main(*inputs())
