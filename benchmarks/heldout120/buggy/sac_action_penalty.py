"""rl/sac/actor.py: a Gaussian actor whose action dimensions are split over "critic".

A large-action-space SAC variant: each device on the "critic" axis owns a slice of the
action dimensions. The squashed action is assembled (gathered to reduced) for the critic,
and an action-magnitude penalty is summed over the action shards with psum.
"""
import math

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


class ManipulatorLite(Env):
    def __init__(self, n_joints=16, horizon=6):
        self.observation_space = Box(-1.0, 1.0, (8,))
        self.action_space = Box(-1.0, 1.0, (n_joints,))
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return self.rng.normal(0, 0.3, 8).astype(np.float32)

    def step(self, action):
        self.t += 1
        cost = float(np.square(action).mean())
        return self.rng.normal(0, 0.3, 8).astype(np.float32), -cost, self.t >= self.horizon, {}


register("ManipulatorLite-v0", ManipulatorLite, n_joints=16)


class GaussianActor:
    action_axis = "critic"
    penalty = 1e-3

    def __init__(self, mesh, obs_dim, act_dim):
        self.mesh = mesh
        k1, k2 = jax.random.split(jax.random.key(6))
        spec = NamedSharding(mesh, P(None, self.action_axis))
        self.w_mu = jax.device_put(jax.random.normal(k1, (obs_dim, act_dim)) * 0.1, spec)
        self.w_logstd = jax.device_put(jnp.full((obs_dim, act_dim), -0.1), spec)

    def sample(self, obs, noise):
        ax = self.action_axis

        def body(w_mu, w_ls, o, eps):
            mu = o @ w_mu
            std = jnp.exp(jnp.clip(o @ w_ls, -5.0, 2.0))
            local = jnp.tanh(mu + std * eps)
            action = jax.lax.all_gather(local, ax, axis=1, tiled=True, to="reduced")
            cost = self.penalty * jax.lax.psum(jnp.sum(jnp.abs(action), axis=-1), ax)
            return action, cost

        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(P(None, ax), P(None, ax), P("replica", None), P("replica", ax)),
                             out_specs=(P("replica", None, reduced={ax}), P("replica")))(
            self.w_mu, self.w_logstd, obs, noise)


def inputs():
    return (3,)


def main(steps):
    mesh = jax.make_mesh((2, 4), ("replica", "critic"))
    venv = VecEnv([lambda: make("ManipulatorLite-v0")] * 4)
    actor = GaussianActor(mesh, 8, 16)
    obs = venv.reset(0)
    rng = np.random.default_rng(0)
    costs = []
    with jax.set_mesh(mesh):
        for _ in range(steps):
            x = jax.device_put(obs, NamedSharding(mesh, P("replica", None)))
            eps = jax.device_put(rng.normal(size=(4, 16)).astype(np.float32), NamedSharding(mesh, P("replica", "critic")))
            action, cost = actor.sample(x, eps)
            obs, _, _, _ = venv.step(np.asarray(action))
            costs.append(cost)
    assert math.isfinite(float(jnp.stack(costs).sum()))
    return jnp.stack(costs)


if __name__ == "__main__":
    main(*inputs())
