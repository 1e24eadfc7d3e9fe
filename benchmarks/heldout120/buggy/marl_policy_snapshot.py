"""marl/league/snapshot.py: freezes agent policies into the league pool every K episodes.

The shared policy's embedding table is split over both mesh axes (its rows over
("agent", "feat")); snapshots are replicated copies made with top_level_all_gather. Axis
names come from a str Enum shared with the rest of the codebase.
"""
import enum

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


class Axis(str, enum.Enum):
    AGENT = "agent"
    FEAT = "feat"


class RockPaperScissors(Env):
    def __init__(self, rounds=3):
        self.rounds = rounds
        self.observation_space = Box(0.0, 1.0, (3,))
        self.action_space = Discrete(3)

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return np.zeros(3, np.float32)

    def step(self, action):
        opp = int(self.rng.integers(3))
        self.t += 1
        reward = [0.0, 1.0, -1.0][(action - opp) % 3]
        return np.eye(3, dtype=np.float32)[opp], reward, self.t >= self.rounds, {}


register("RPS-v0", RockPaperScissors, rounds=3)

TABLE_SPEC = P((Axis.AGENT, Axis.FEAT), None)
SNAPSHOT_SPEC = P(None, None, reduced={Axis.AGENT})


class League:
    def __init__(self, every):
        self.every, self.pool = every, []

    def maybe_freeze(self, episode, table):
        if episode % self.every == 0:
            self.pool.append(np.asarray(top_level_all_gather(table, SNAPSHOT_SPEC)))


def play(env, table, episode):
    obs, done, total = env.reset(episode), False, 0.0
    logits = np.asarray(table)[:3, :3]
    while not done:
        obs, r, done, _ = env.step(int(np.argmax(obs @ logits)))
        total += r
    return total


def inputs():
    return (4,)


def main(episodes):
    mesh = jax.make_mesh((4, 2), (Axis.AGENT.value, Axis.FEAT.value))
    env = make("RPS-v0")
    league = League(every=2)
    with jax.set_mesh(mesh):
        table = jax.device_put(jnp.eye(8) * 0.5, NamedSharding(mesh, TABLE_SPEC))
        scores = []
        for ep in range(episodes):
            scores.append(play(env, table, ep))
            table = table + 0.01 * scores[-1]
            league.maybe_freeze(ep, table)
    return jnp.asarray(scores)


if __name__ == "__main__":
    main(*inputs())
