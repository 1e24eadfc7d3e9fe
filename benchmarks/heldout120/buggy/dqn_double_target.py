"""rl/dqn/double_dqn.py: Double-DQN targets with the action axis sharded over "model".

Each model shard holds the Q-values of a slice of the (large, discretised) action set; the
greedy action of the online net picks the target net's value. Rollouts come from four copies
of ReachLite-v0 in a VecEnv; transitions sit in a deque.
"""
import collections

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


class ReachLite(Env):
    """Move a point on a line towards a goal; 16 discrete step sizes."""

    def __init__(self, n_actions=16, horizon=12):
        self.observation_space = Box(-2.0, 2.0, (4,))
        self.action_space = Discrete(n_actions)
        self.horizon = horizon

    def reset(self, seed=None):
        rng = np.random.default_rng(seed)
        self.x, self.goal, self.t = 0.0, float(rng.uniform(-1, 1)), 0
        return self._obs()

    def _obs(self):
        return np.array([self.x, self.goal, self.goal - self.x, self.t / self.horizon], np.float32)

    def step(self, action):
        self.x += (action - self.action_space.n / 2) * 0.05
        self.t += 1
        return self._obs(), -abs(self.goal - self.x), self.t >= self.horizon, {}


register("ReachLite-v0", ReachLite, n_actions=16)


class DoubleDQN:
    gamma = 0.95
    action_axis = "model"

    def __init__(self, mesh, obs_dim, n_actions):
        self.mesh = mesh
        w = jax.random.normal(jax.random.key(3), (obs_dim, n_actions)) * 0.1
        self.online = jax.device_put(w, NamedSharding(mesh, P(None, self.action_axis)))
        self.target = self.online

    def all_actions(self, q):
        return jax.lax.all_gather(q, self.action_axis, axis=1, tiled=True, to="reduced")

    def greedy_value(self, q_online, q_target):
        idx = jnp.argmax(q_online, axis=-1)
        full_target = self.all_actions(q_target)
        best = jnp.take_along_axis(full_target, idx[:, None], axis=-1)[:, 0]
        ceiling = jax.lax.pmax(full_target, self.action_axis).max(-1)
        return jnp.minimum(best, ceiling)

    def targets(self, nxt, rew, done):
        def body(w_on, w_tg, x, r, d):
            q_on = self.all_actions(x @ w_on)
            v = self.greedy_value(q_on, x @ w_tg)
            return r + self.gamma * (1.0 - d) * v

        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(P(None, "model"), P(None, "model"), P("data", None), P("data"), P("data")),
                             out_specs=P("data"))(self.online, self.target, nxt, rew, done)


def inputs():
    return 4, 6


def main(n_envs, steps):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    venv = VecEnv([lambda: make("ReachLite-v0")] * n_envs)
    agent = DoubleDQN(mesh, 4, 16)
    memory = collections.deque(maxlen=256)
    obs = venv.reset(0)
    for t in range(steps):
        acts = [e.action_space.sample() for e in venv.envs]
        nxt, rew, done, _ = venv.step(acts)
        for i in range(n_envs):
            memory.append((obs[i], nxt[i], rew[i], float(done[i])))
        obs = nxt
    batch = list(memory)[:16]
    cols = [np.stack([b[i] for b in batch]).astype(np.float32) for i in range(4)]
    with jax.set_mesh(mesh):
        put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
        y = agent.targets(put(cols[1], P("data", None)), put(cols[2], P("data")), put(cols[3], P("data")))
    assert y.shape == (16,)
    return y


if __name__ == "__main__":
    main(*inputs())
