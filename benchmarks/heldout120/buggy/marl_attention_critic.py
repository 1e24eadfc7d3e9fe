"""marl/maac/critic.py: an attention critic where each agent attends over all agents' keys.

Agents are split over "agent"; the keys of all agents are gathered (to reduced: the critic's
gradient flows back to the owning agent) and each agent's query scores them with a scaled,
temperature-controlled softmax. The temperature follows a per-episode annealing schedule.
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


class Foraging(Env):
    def __init__(self, n_agents=4, horizon=4):
        self.n_agents, self.horizon = n_agents, horizon
        self.observation_space = Box(0.0, 1.0, (n_agents, 8))
        self.action_space = Discrete(4)

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return self.rng.uniform(0, 1, (self.n_agents, 8)).astype(np.float32)

    def step(self, actions):
        self.t += 1
        food = float(np.sum(np.asarray(actions) == 0))
        return self.rng.uniform(0, 1, (self.n_agents, 8)).astype(np.float32), food, self.t >= self.horizon, {}


register("Foraging-v0", Foraging, n_agents=4)


def anneal(episode, start=2.0, end=0.5, episodes=4):
    return max(end, start - (start - end) * episode / episodes)


class AttentionCritic:
    def __init__(self, mesh, dim=8):
        self.mesh, self.dim = mesh, dim
        self.wq = jax.device_put(jnp.eye(8) * 0.3, NamedSharding(mesh, P()))
        self.wk = jax.device_put(jnp.eye(8) * 0.3, NamedSharding(mesh, P()))

    def scores(self, obs, temperature):
        scale = 1.0 / (math.sqrt(self.dim) * temperature)

        def body(wq, wk, o):
            keys = jax.lax.all_gather(o @ wk, "agent", axis=0, tiled=True, to="reduced")
            logits = jnp.sum(keys * keys, axis=-1)
            return jax.nn.softmax(logits * scale)

        return jax.shard_map(body, mesh=self.mesh, in_specs=(P(), P(), P("agent", None)),
                             out_specs=P(None, reduced={"agent"}))(self.wq, self.wk, obs)


def inputs():
    return (2,)


def main(episodes):
    mesh = jax.make_mesh((4, 2), ("agent", "feat"))
    env = make("Foraging-v0")
    critic = AttentionCritic(mesh)
    attn = None
    with jax.set_mesh(mesh):
        for ep in range(episodes):
            obs, done = env.reset(ep), False
            while not done:
                attn = critic.scores(jax.device_put(obs, NamedSharding(mesh, P("agent", None))), anneal(ep))
                obs, _, done, _ = env.step(np.asarray(jnp.argsort(attn))[: env.n_agents] % 4)
    return attn


if __name__ == "__main__":
    main(*inputs())
