"""agents/dqn/replay/priority_writer.py

Prioritised replay for a distributed DQN learner: the transitions of a batch are split over
"data" and, within a host, over "model" (both axes split the batch). Each learner group first
collects its own TD errors (over "model") to rank them locally; the replay writer then
collects all priorities of the mesh for the sum-tree.
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


BATCH_AXES = ("data", "model")
GROUP_AXIS = "model"


class QNetwork(Module):
    def __init__(self, n_actions, name=None):
        super().__init__(name)
        self.n_actions = n_actions

    def __call__(self, obs):
        w1 = get_parameter("w1", (obs.shape[-1], 32), init=truncated_normal(0.3))
        w2 = get_parameter("w2", (32, self.n_actions), init=truncated_normal(0.3))
        return jax.nn.relu(obs @ w1) @ w2


class GroupRank(Module):
    def __call__(self, td):
        if running_init():
            return td
        group_td = jax.lax.all_gather(td, GROUP_AXIS, tiled=True, to="reduced")
        set_state("group_td", group_td)
        return td


def td_errors(obs, actions, rewards, next_obs, gamma=0.99):
    q = QNetwork(4)(obs)
    q_next = QNetwork(4, name="target")(next_obs)
    chosen = jnp.take_along_axis(q, actions[:, None], axis=1)[:, 0]
    target = rewards + gamma * jax.lax.stop_gradient(jnp.max(q_next, axis=1))
    return GroupRank()(jnp.abs(target - chosen))


def write_priorities(state):
    priorities = state["group_rank/group_td"]
    return jax.lax.all_gather(priorities, BATCH_AXES, tiled=True, to="reduced")


def build(net):
    def body(params, obs, actions, rewards, next_obs):
        td, state = net.apply(params, {}, None, obs, actions, rewards, next_obs)
        return td, write_priorities(state)
    rows = P(BATCH_AXES)
    return jax.jit(jax.shard_map(body, in_specs=(P(), rows, rows, rows, rows),
                                 out_specs=(rows, P(reduced=set(BATCH_AXES)))))


def inputs():
    rng = np.random.default_rng(73)
    obs = rng.normal(size=(16, 5)).astype(np.float32)
    next_obs = rng.normal(size=(16, 5)).astype(np.float32)
    actions = rng.integers(0, 4, size=(16,)).astype(np.int32)
    rewards = rng.uniform(size=(16,)).astype(np.float32)
    return obs, actions, rewards, next_obs


def main(obs, actions, rewards, next_obs):
    mesh = jax.make_mesh((2, 4), BATCH_AXES)
    net = transform_with_state(td_errors)
    params, _ = net.init(jax.random.key(2), jnp.asarray(obs), jnp.asarray(actions), jnp.asarray(rewards),
                         jnp.asarray(next_obs))
    with jax.set_mesh(mesh):
        placed = jax.device_put(params, NamedSharding(mesh, P()))
        rows = NamedSharding(mesh, P(BATCH_AXES))
        batch = [jax.device_put(a, rows) for a in (obs, actions, rewards, next_obs)]
        td, priorities = build(net)(placed, *batch)
    print("td", td.shape, "priorities", priorities.shape)


if __name__ == "__main__":
    main(*inputs())
