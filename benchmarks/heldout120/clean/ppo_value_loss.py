"""rl/ppo/value_loss.py: the clipped value loss, averaged over every device of the mesh.

The critic's hidden layer is split over "policy" (row-parallel output, psum'd), the batch of
transitions over "env". The PPOConfig holds the clipping range and the axes the loss is
averaged over.
"""
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# --- gymlite: the small Gym stand-in this repo vendors (no gym dependency on the cluster) ---

class Space:
    def __init__(self, shape, dtype=np.float32, seed=0):
        self.shape, self.dtype = tuple(shape), dtype
        self._rng = np.random.default_rng(seed)


class Box(Space):
    def __init__(self, low, high, shape, seed=0):
        super().__init__(shape, np.float32, seed)
        self.low, self.high = low, high

    def sample(self):
        return self._rng.uniform(self.low, self.high, self.shape).astype(np.float32)


class Discrete(Space):
    def __init__(self, n, seed=0):
        super().__init__((), np.int32, seed)
        self.n = n

    def sample(self):
        return int(self._rng.integers(self.n))


class Env:
    observation_space: Space
    action_space: Space

    def reset(self, seed=None):
        raise NotImplementedError

    def step(self, action):
        raise NotImplementedError


class Wrapper(Env):
    def __init__(self, env):
        self.env = env
        self.observation_space = env.observation_space
        self.action_space = env.action_space

    def reset(self, seed=None):
        return self.env.reset(seed)

    def step(self, action):
        return self.env.step(action)


class VecEnv:
    """N copies stepped in lockstep; finished copies are reset in place."""

    def __init__(self, fns):
        self.envs = [fn() for fn in fns]
        self.num_envs = len(self.envs)

    def reset(self, seed=0):
        return np.stack([e.reset(seed + i) for i, e in enumerate(self.envs)])

    def step(self, actions):
        obs, rew, done, infos = [], [], [], []
        for e, a in zip(self.envs, actions):
            o, r, d, info = e.step(a)
            if d:
                o = e.reset()
            obs.append(o); rew.append(r); done.append(d); infos.append(info)
        return np.stack(obs), np.asarray(rew, np.float32), np.asarray(done), infos


_REGISTRY = {}


def register(name, entry_point, **kwargs):
    _REGISTRY[name] = (entry_point, kwargs)


def make(name, **overrides):
    entry_point, kwargs = _REGISTRY[name]
    return entry_point(**{**kwargs, **overrides})

# --- end gymlite ---


class LunarLite(Env):
    def __init__(self, horizon=12):
        self.observation_space = Box(-1.0, 1.0, (8,))
        self.action_space = Discrete(4)
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        self.s = self.rng.uniform(-0.5, 0.5, 8).astype(np.float32)
        return self.s

    def step(self, action):
        self.s = (0.9 * self.s + 0.05 * (action - 1.5)).astype(np.float32)
        self.t += 1
        return self.s, -float(np.abs(self.s[:2]).sum()), self.t >= self.horizon, {}


register("LunarLite-v0", LunarLite, horizon=12)


class PPOConfig(NamedTuple):
    clip: float = 0.2
    vf_coef: float = 0.5
    mean_axes: tuple = ("env",)


class Batch(NamedTuple):
    obs: jax.Array
    returns: jax.Array
    old_values: jax.Array


def critic_loss(cfg, mesh, w1, w2, batch):
    def body(w1, w2, obs, ret, old_v):
        v = jax.lax.psum(jnp.tanh(obs @ w1) @ w2, "policy")[:, 0]
        v_clip = old_v + jnp.clip(v - old_v, -cfg.clip, cfg.clip)
        err = jnp.maximum((v - ret) ** 2, (v_clip - ret) ** 2)
        return cfg.vf_coef * jax.lax.pmean(jnp.mean(err), cfg.mean_axes)

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(P(None, "policy"), P("policy", None), P("env", None), P("env"), P("env")),
                         out_specs=P())(w1, w2, *batch)


def rollout(env, steps):
    obs_l, rew_l = [], []
    obs = env.reset(1)
    for _ in range(steps):
        obs_l.append(obs)
        obs, r, done, _ = env.step(env.action_space.sample())
        rew_l.append(r)
        if done:
            obs = env.reset()
    rets = np.cumsum(rew_l[::-1])[::-1].astype(np.float32)
    return np.stack(obs_l), rets


def inputs():
    return (16,)


def main(steps):
    mesh = jax.make_mesh((4, 2), ("env", "policy"))
    env = make("LunarLite-v0")
    obs, rets = rollout(env, steps)
    cfg = PPOConfig()
    with jax.set_mesh(mesh):
        put = lambda v, s: jax.device_put(v, NamedSharding(mesh, s))
        w1 = put(jax.random.normal(jax.random.key(0), (8, 8)) * 0.2, P(None, "policy"))
        w2 = put(jax.random.normal(jax.random.key(1), (8, 1)) * 0.2, P("policy", None))
        batch = Batch(put(obs, P("env", None)), put(rets, P("env")), put(np.zeros_like(rets), P("env")))
        loss = critic_loss(cfg, mesh, w1, w2, batch)
    assert np.isfinite(float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
