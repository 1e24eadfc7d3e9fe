"""rl/a2c/monitors.py: synchronous A2C with pluggable monitors on the critic's output.

Workers (env copies) are split over "worker", the critic's hidden units over "hidden" (the
value is a row-parallel output, psum'd). Monitors are plain callables in a dict, built
with functools.partial from the lax collectives, and run inside the update body.
"""
import functools

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


class Catch(Env):
    def __init__(self, width=5, height=6):
        self.width, self.height = width, height
        self.observation_space = Box(0.0, 1.0, (4,))
        self.action_space = Discrete(3)

    def reset(self, seed=None):
        rng = np.random.default_rng(seed)
        self.ball, self.row, self.paddle = int(rng.integers(self.width)), 0, self.width // 2
        return self._obs()

    def _obs(self):
        return np.array([self.ball, self.row, self.paddle, 1.0], np.float32) / self.width

    def step(self, action):
        self.paddle = int(np.clip(self.paddle + action - 1, 0, self.width - 1))
        self.row += 1
        done = self.row >= self.height - 1
        reward = (1.0 if self.ball == self.paddle else -1.0) if done else 0.0
        return self._obs(), reward, done, {}


register("Catch-v0", Catch, width=5, height=6)

MONITORS = {
    "value_by_hidden": functools.partial(jax.lax.all_gather, axis_name="hidden", to="reduced"),
    "value_max": functools.partial(jax.lax.pmax, axis_name="worker"),
}


class A2CCritic:
    def __init__(self, mesh, obs_dim, hidden=8, monitors=("value_by_hidden",)):
        self.mesh, self.monitors = mesh, monitors
        k1, k2 = jax.random.split(jax.random.key(0))
        self.w1 = jax.device_put(jax.random.normal(k1, (obs_dim, hidden)) * 0.5, NamedSharding(mesh, P(None, "hidden")))
        self.w2 = jax.device_put(jax.random.normal(k2, (hidden, 1)) * 0.5, NamedSharding(mesh, P("hidden", None)))

    def values(self, obs):
        def body(w1, w2, x):
            v = jax.lax.psum(jnp.tanh(x @ w1) @ w2, "hidden")[:, 0]
            logs = [MONITORS[name](jax.lax.pcast(v, "hidden", to="varying")) for name in self.monitors]
            return v, logs

        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(P(None, "hidden"), P("hidden", None), P("worker", None)),
                             out_specs=(P("worker"), [P(None, "worker", reduced={"hidden"})]))(self.w1, self.w2, obs)


def inputs():
    return 8, 5


def main(n_workers, steps):
    mesh = jax.make_mesh((4, 2), ("worker", "hidden"))
    venv = VecEnv([lambda: make("Catch-v0")] * n_workers)
    critic = A2CCritic(mesh, 4)
    obs, trace = venv.reset(0), []
    with jax.set_mesh(mesh):
        for _ in range(steps):
            v, logs = critic.values(jax.device_put(obs, NamedSharding(mesh, P("worker", None))))
            obs, rew, done, _ = venv.step(np.random.default_rng(0).integers(0, 3, n_workers))
            trace.append(v)
    return jnp.stack(trace)


if __name__ == "__main__":
    main(*inputs())
