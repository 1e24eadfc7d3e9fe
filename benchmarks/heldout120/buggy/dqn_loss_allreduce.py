"""rl/dqn/learner.py: the DQN learner step with the loss averaged over the whole mesh.

The learner samples from a prioritised-by-recency deque, runs the sharded TD loss (hidden
units over "model", batch over "data") and logs one scalar per update.
"""
import collections
import random

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


class AcrobotLite(Env):
    def __init__(self, horizon=25):
        self.observation_space = Box(-1.0, 1.0, (6,))
        self.action_space = Discrete(3)
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self.s, self.t = self.rng.uniform(-0.1, 0.1, 6).astype(np.float32), 0
        return self.s

    def step(self, action):
        self.s = np.tanh(self.s + (action - 1) * 0.2 + self.rng.normal(0, 0.05, 6)).astype(np.float32)
        self.t += 1
        return self.s, -1.0 + float(self.s[0] > 0.8), self.t >= self.horizon, {}


register("AcrobotLite-v0", AcrobotLite, horizon=16)


class Learner:
    loss_axes = ("data", "model")

    def __init__(self, mesh, obs_dim, n_actions, hidden=16):
        self.mesh = mesh
        k1, k2 = jax.random.split(jax.random.key(11))
        self.w1 = jax.device_put(jax.random.normal(k1, (obs_dim, hidden)) * 0.2, NamedSharding(mesh, P(None, "model")))
        self.w2 = jax.device_put(jax.random.normal(k2, (hidden, n_actions)) * 0.2, NamedSharding(mesh, P("model", None)))

    def loss(self, obs, act, target):
        def body(w1, w2, x, a, y):
            q = jax.lax.psum(jax.nn.relu(x @ w1) @ w2, "model")
            q_a = jnp.take_along_axis(q, a[:, None], axis=1)[:, 0]
            local = jnp.mean((q_a - y) ** 2)
            return jax.lax.pmean(local, self.loss_axes)

        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(P(None, "model"), P("model", None), P("data", None), P("data"), P("data")),
                             out_specs=P())(self.w1, self.w2, obs, act, target)


def inputs():
    return 2, 8


def main(episodes, batch_size):
    random.seed(0)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    env = make("AcrobotLite-v0")
    learner = Learner(mesh, 6, 3)
    recent = collections.deque(maxlen=128)
    losses = []
    for ep in range(episodes):
        obs, done = env.reset(ep), False
        while not done:
            a = env.action_space.sample()
            nxt, r, done, _ = env.step(a)
            recent.append((obs, a, r))
            obs = nxt
        batch = random.sample(list(recent), batch_size)
        x = np.stack([b[0] for b in batch])
        a = np.array([b[1] for b in batch], np.int32)
        y = np.array([b[2] for b in batch], np.float32)
        with jax.set_mesh(mesh):
            put = lambda v, s: jax.device_put(v, NamedSharding(mesh, s))
            losses.append(learner.loss(put(x, P("data", None)), put(a, P("data")), put(y, P("data"))))
    assert all(np.isfinite(float(l)) for l in losses)
    return jnp.stack(losses)


if __name__ == "__main__":
    main(*inputs())
