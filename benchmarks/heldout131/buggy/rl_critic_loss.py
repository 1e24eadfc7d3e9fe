"""agents/a2c/losses/critic.py

Critic loss of an A2C learner. The critic's hidden layer is split over "model"; its value output
is completed with a sum over "model". Environments are split over "data". The loss is a
squared TD error, summed over the whole mesh and divided by the number of transitions.
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


MESH_SHAPE = {"data": 2, "model": 4}
SHARD_RULES = {r"hidden/kernel": P(None, "model"), r"hidden/bias": P("model"), r"value/kernel": P("model", None)}


def rule_specs(params):
    specs = {}
    for key in params:
        specs[key] = P()
        for pattern, spec in SHARD_RULES.items():
            if re.search(pattern, key):
                specs[key] = spec
    return specs


class Hidden(Module):
    def __call__(self, obs):
        k = get_parameter("kernel", (obs.shape[-1], 64), init=truncated_normal(0.2))
        return jax.nn.relu(obs @ k + get_parameter("bias", (64,)))


class Value(Module):
    def __init__(self, sum_axis):
        super().__init__()
        self.sum_axis = sum_axis

    def __call__(self, h):
        v = (h @ get_parameter("kernel", (h.shape[-1], 1), init=truncated_normal(0.05)))[:, 0]
        return v if running_init() else jax.lax.psum(v, self.sum_axis)


def critic(obs):
    return Value("model")(Hidden()(obs))


def critic_loss(net, params, obs, next_obs, rewards, discounts):
    v = net.apply(params, None, obs)
    v_next = jax.lax.stop_gradient(net.apply(params, None, next_obs))
    td = rewards + discounts * v_next - v
    sq = jnp.sum(td * td)
    n = jax.lax.psum(td.shape[0], "data")
    return jax.lax.psum(sq, tuple(MESH_SHAPE)) / n


def inputs():
    rng = np.random.default_rng(89)
    obs = rng.normal(size=(16, 7)).astype(np.float32)
    next_obs = rng.normal(size=(16, 7)).astype(np.float32)
    rewards = rng.normal(size=(16,)).astype(np.float32)
    discounts = np.full((16,), 0.97, np.float32)
    return obs, next_obs, rewards, discounts


def main(obs, next_obs, rewards, discounts):
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))
    net = transform(critic)
    params = net.init(jax.random.key(0), jnp.asarray(obs))
    specs = rule_specs(params)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        env = NamedSharding(mesh, P("data"))
        loss = jax.jit(jax.shard_map(partial(critic_loss, net), in_specs=(specs, P("data"), P("data"), P("data"), P("data")),
                                     out_specs=P()))
        value = loss(placed, *(jax.device_put(a, env) for a in (obs, next_obs, rewards, discounts)))
    print("critic loss", float(value))


if __name__ == "__main__":
    main(*inputs())
