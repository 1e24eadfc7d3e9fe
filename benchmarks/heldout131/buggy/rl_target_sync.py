"""agents/dqn/learner/target_sync.py

Target-network sync for a DQN learner whose Q-network kernels are laid out 2-D over the mesh
("data" on the input dimension, "model" on the output dimension). Every `sync_every` steps the
online parameters are gathered whole and handed to the actor processes as the target network.
"""
import re
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


KERNEL_LAYOUT = P("data", "model")
BIAS_LAYOUT = P("model")


def online_layout(key):
    return KERNEL_LAYOUT if re.search(r"/kernel$", key) else BIAS_LAYOUT


def whole(spec):
    axes = {a for a in spec if a is not None}
    return P(*([None] * len(spec)), reduced=axes)


class QLayer(Module):
    def __init__(self, width, name=None):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        k = get_parameter("kernel", (x.shape[-1], self.width), init=truncated_normal(x.shape[-1] ** -0.5))
        return x @ k + get_parameter("bias", (self.width,))


def q_values(obs):
    return QLayer(8)(jax.nn.relu(QLayer(16)(obs)))


class TargetSync:
    def __init__(self, sync_every):
        self.sync_every = sync_every

    def maybe_sync(self, step, online, target):
        if step % self.sync_every:
            return target
        return {k: top_level_all_gather(v, whole(online_layout(k))) for k, v in online.items()}


def inputs():
    return np.random.default_rng(83).normal(size=(4, 8)).astype(np.float32), 3


def main(obs, sync_every):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    net = transform(q_values)
    params = net.init(jax.random.key(4), jnp.asarray(obs))
    sync = TargetSync(sync_every)
    target = dict(params)
    with jax.set_mesh(mesh):
        online = {k: jax.device_put(v, NamedSharding(mesh, online_layout(k))) for k, v in params.items()}
        for step in range(1, 7):
            online = jax.tree.map(lambda p: p * 0.999, online)
            target = sync.maybe_sync(step, online, target)
        print({k: str(v.sharding.spec) for k, v in target.items()})
    print("q", net.apply({k: np.asarray(jax.device_get(v)) for k, v in params.items()}, None, jnp.asarray(obs)).shape)


if __name__ == "__main__":
    main(*inputs())
