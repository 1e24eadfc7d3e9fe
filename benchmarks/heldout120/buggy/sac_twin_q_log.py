"""rl/sac/critics.py: twin soft Q critics whose hidden layer is split over "critic".

Each critic is row-parallel in its output layer (psum over "critic"); the batch goes over
"replica". The trainer logs, per critic shard, the Q estimates of the minibatch, so the
critic returns them gathered over the axis named in SACConfig.log_axis.
"""
import collections
import random
from dataclasses import dataclass

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


class ReacherLite(Env):
    def __init__(self, horizon=10):
        self.observation_space = Box(-1.0, 1.0, (6,))
        self.action_space = Box(-1.0, 1.0, (2,))
        self.horizon = horizon

    def reset(self, seed=None):
        rng = np.random.default_rng(seed)
        self.arm, self.goal, self.t = np.zeros(2, np.float32), rng.uniform(-1, 1, 2).astype(np.float32), 0
        return self._obs()

    def _obs(self):
        return np.concatenate([self.arm, self.goal, self.goal - self.arm]).astype(np.float32)

    def step(self, action):
        self.arm = np.clip(self.arm + 0.1 * np.asarray(action, np.float32), -1, 1)
        self.t += 1
        return self._obs(), -float(np.linalg.norm(self.goal - self.arm)), self.t >= self.horizon, {}


register("ReacherLite-v0", ReacherLite, horizon=10)


@dataclass
class SACConfig:
    hidden: int = 16
    tau: float = 0.005
    log_axis: str = "critic"


class TwinCritic:
    def __init__(self, mesh, cfg, in_dim):
        self.mesh, self.cfg = mesh, cfg
        keys = jax.random.split(jax.random.key(0), 4)
        put = lambda k, shape, spec: jax.device_put(jax.random.normal(k, shape) * 0.2, NamedSharding(mesh, spec))
        self.params = [(put(keys[2 * i], (in_dim, cfg.hidden), P(None, "critic")),
                        put(keys[2 * i + 1], (cfg.hidden, 1), P("critic", None))) for i in range(2)]

    def _q(self, w1, w2, x):
        return jax.lax.psum(jax.nn.relu(x @ w1) @ w2, "critic")[:, 0]

    def __call__(self, obs_act):
        cfg = self.cfg

        def body(a1, b1, a2, b2, x):
            q1, q2 = self._q(a1, b1, x), self._q(a2, b2, x)
            q_min = jnp.minimum(q1, q2)
            logged = jax.lax.all_gather(q_min, cfg.log_axis, to="reduced")
            return q_min, logged

        (a1, b1), (a2, b2) = self.params
        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(P(None, "critic"), P("critic", None)) * 2 + (P("replica", None),),
                             out_specs=(P("replica"), P(None, "replica", reduced={cfg.log_axis})))(a1, b1, a2, b2, obs_act)


def inputs():
    return 2, 8


def main(episodes, batch_size):
    random.seed(1)
    mesh = jax.make_mesh((2, 4), ("replica", "critic"))
    env = make("ReacherLite-v0")
    replay = collections.deque(maxlen=1000)
    for ep in range(episodes):
        obs, done = env.reset(ep), False
        while not done:
            act = env.action_space.sample()
            nxt, r, done, _ = env.step(act)
            replay.append(np.concatenate([obs, act]))
            obs = nxt
    critic = TwinCritic(mesh, SACConfig(), 8)
    batch = np.stack(random.sample(list(replay), batch_size))
    with jax.set_mesh(mesh):
        q, logged = critic(jax.device_put(batch, NamedSharding(mesh, P("replica", None))))
    assert q.shape == (batch_size,)
    return q


if __name__ == "__main__":
    main(*inputs())
