"""agents/ppo/losses/advantage_norm.py

PPO policy loss with advantages normalised over the global batch (8-way data parallel). The
normaliser gathers the advantages of every learner (kept reduced, so the surrogate's gradient
reaches each learner's own samples once) and standardises them before the clipped surrogate.
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


PPO = {"clip": 0.2, "axis": "data", "actions": 3}


class Policy(Module):
    def __call__(self, obs):
        w1 = get_parameter("w1", (obs.shape[-1], 32), init=truncated_normal(0.3))
        w2 = get_parameter("w2", (32, PPO["actions"]), init=truncated_normal(0.01))
        return jax.nn.log_softmax(jnp.tanh(obs @ w1) @ w2)


class AdvantageNormaliser(Module):
    def __init__(self, axis):
        super().__init__()
        self.axis = axis

    def __call__(self, adv):
        if running_init():
            return adv
        everyone = jax.lax.all_gather(adv, self.axis, tiled=True, to="reduced")
        mean = jnp.mean(everyone)
        std = jnp.sqrt(jnp.mean(jnp.square(everyone - mean)))
        return (adv - mean) / (std + 1e-8)


def surrogate(obs, actions, old_logp, adv):
    logp = jnp.take_along_axis(Policy()(obs), actions[:, None], axis=1)[:, 0]
    adv = AdvantageNormaliser(PPO["axis"])(adv)
    ratio = jnp.exp(logp - old_logp)
    clipped = jnp.clip(ratio, 1.0 - PPO["clip"], 1.0 + PPO["clip"])
    return -jnp.mean(jnp.minimum(ratio * adv, clipped * adv))


def inputs():
    rng = np.random.default_rng(97)
    obs = rng.normal(size=(32, 4)).astype(np.float32)
    actions = rng.integers(0, PPO["actions"], size=(32,)).astype(np.int32)
    old_logp = np.log(np.full((32,), 1.0 / PPO["actions"], np.float32))
    adv = rng.normal(1.0, 2.0, size=(32,)).astype(np.float32)
    return obs, actions, old_logp, adv


def main(obs, actions, old_logp, adv):
    mesh = jax.make_mesh((8,), (PPO["axis"],))
    net = transform(surrogate)
    params = net.init(jax.random.key(6), jnp.asarray(obs), jnp.asarray(actions), jnp.asarray(old_logp), jnp.asarray(adv))
    specs = {k: P() for k in params}
    with jax.set_mesh(mesh):
        placed = jax.device_put(params, {k: NamedSharding(mesh, s) for k, s in specs.items()})
        body = lambda p, *batch: jax.lax.pmean(net.apply(p, None, *batch), PPO["axis"])
        loss = jax.jit(jax.shard_map(body, in_specs=(specs,) + (P(PPO["axis"]),) * 4, out_specs=P()))
        rows = NamedSharding(mesh, P(PPO["axis"]))
        print("ppo loss", float(loss(placed, *(jax.device_put(a, rows) for a in (obs, actions, old_logp, adv)))))


if __name__ == "__main__":
    main(*inputs())
