"""agents/impala/value/popart.py

PopArt value normalisation for an 8-way data-parallel learner. The running moments of the
returns are updated from the returns of the whole global batch: `PopArt` sees them gathered over
the learner axis (kept reduced) and averages the moments over learners before the update.
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


LEARNER_CONFIG = {"learner_axis": "data", "beta": 3e-4, "hidden": 24}


class Critic(Module):
    def __call__(self, obs):
        w1 = get_parameter("w1", (obs.shape[-1], get_config("hidden")), init=truncated_normal(0.2))
        w2 = get_parameter("w2", (get_config("hidden"), 1), init=truncated_normal(0.2))
        return (jax.nn.relu(obs @ w1) @ w2)[:, 0]


class PopArt(Module):
    def __call__(self, returns):
        mu = get_state("mu", (), init=jnp.zeros)
        nu = get_state("nu", (), init=jnp.ones)
        if running_init():
            return mu, jnp.sqrt(nu - mu * mu)
        axis = get_config("learner_axis")
        batch = jax.lax.all_gather(returns, axis, tiled=True, to="reduced")
        first = jnp.sum(batch)
        second = jnp.sum(batch * batch)
        first = jax.lax.pmean(first, axis) / batch.size
        second = jax.lax.pmean(second, axis) / batch.size
        beta = get_config("beta")
        mu = (1 - beta) * mu + beta * first
        nu = (1 - beta) * nu + beta * second
        set_state("mu", mu)
        set_state("nu", nu)
        return mu, jnp.sqrt(jnp.maximum(nu - mu * mu, 1e-6))


def normalised_value_loss(obs, returns):
    v = Critic()(obs)
    mu, sigma = PopArt()(returns)
    target = (returns - mu) / sigma
    return jnp.mean(jnp.square(v - target))


def make_learner_step(net):
    def step(params, state, obs, returns):
        loss, new_state = net.apply(params, state, None, obs, returns)
        return jax.lax.pmean(loss, LEARNER_CONFIG["learner_axis"]), new_state
    return step


def inputs():
    rng = np.random.default_rng(79)
    return rng.normal(size=(32, 6)).astype(np.float32), rng.gamma(2.0, size=(32,)).astype(np.float32)


def main(obs, returns):
    mesh = jax.make_mesh((8,), (LEARNER_CONFIG["learner_axis"],))
    net = transform_with_state(normalised_value_loss, config=LEARNER_CONFIG)
    params, state = net.init(jax.random.key(3), jnp.asarray(obs), jnp.asarray(returns))
    with jax.set_mesh(mesh):
        params = jax.device_put(params, NamedSharding(mesh, P()))
        state = jax.device_put(state, NamedSharding(mesh, P()))
        rows = NamedSharding(mesh, P("data"))
        step = jax.jit(jax.shard_map(make_learner_step(net), in_specs=(P(), P(), P("data"), P("data")),
                                     out_specs=(P(), P())))
        loss, state = step(params, state, jax.device_put(obs, rows), jax.device_put(returns, rows))
    print("loss", float(loss), {k: float(v) for k, v in state.items()})


if __name__ == "__main__":
    main(*inputs())
