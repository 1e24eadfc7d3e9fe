"""rl/a2c/checkpoint.py: a tiny checkpoint manager for the A2C learner, every K updates.

Parameters are placed with `jax.device_put` by a spec table; `save` brings each one to a
replicated layout with `top_level_all_gather`, the target spec computed by `replicated()`
from the placement spec, and keeps the last `keep` checkpoints in memory.
"""
import collections

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

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


class Blackjackish(Env):
    def __init__(self):
        self.observation_space = Box(0.0, 1.0, (3,))
        self.action_space = Discrete(2)

    def reset(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self.total, self.dealer = int(self.rng.integers(4, 12)), int(self.rng.integers(2, 11))
        return self._obs()

    def _obs(self):
        return np.array([self.total / 21, self.dealer / 11, 1.0], np.float32)

    def step(self, action):
        if action == 1:
            self.total += int(self.rng.integers(1, 11))
            if self.total > 21:
                return self._obs(), -1.0, True, {}
            return self._obs(), 0.0, False, {}
        return self._obs(), float(np.sign(self.total - (self.dealer + 7))), True, {}


register("Blackjackish-v0", Blackjackish)

SPECS = {"policy": P("worker", None), "value": P("hidden", None)}


def replicated(spec):
    return P(*([None] * len(spec)))


class CheckpointManager:
    def __init__(self, every, keep=2):
        self.every, self.saved = every, collections.deque(maxlen=keep)

    def maybe_save(self, step, params):
        if step % self.every:
            return
        host = {}
        for name, value in params.items():
            host[name] = np.asarray(top_level_all_gather(value, replicated(SPECS[name])))
        self.saved.append((step, host))


def inputs():
    return 4, 4


def main(updates, n_workers):
    mesh = jax.make_mesh((4, 2), ("worker", "hidden"))
    venv = VecEnv([lambda: make("Blackjackish-v0")] * n_workers)
    ckpt = CheckpointManager(every=2)
    with jax.set_mesh(mesh):
        params = {name: jax.device_put(jnp.full((8, 2), 0.1), NamedSharding(mesh, spec)) for name, spec in SPECS.items()}
        obs = venv.reset(0)
        for step in range(1, updates + 1):
            logits = obs @ np.asarray(params["policy"])[:3]
            obs, rew, _, _ = venv.step(np.argmax(logits, -1))
            params = jax.tree.map(lambda p: p + 0.01 * float(rew.mean()), params)
            ckpt.maybe_save(step, params)
    return jnp.asarray(len(ckpt.saved))


if __name__ == "__main__":
    main(*inputs())
