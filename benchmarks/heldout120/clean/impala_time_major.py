"""rl/impala/time_major.py: switching actor unrolls from action-sharded to time-sharded.

The behaviour-policy logits arrive with the action columns over "core"; the learner first
assembles the full distribution per step (gathered to reduced, for the KL regulariser that
differentiates through it) and then moves to a time-sharded layout with all_to_all over
"core" for the backward V-trace recursion.
"""
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


class MazeLite(Env):
    def __init__(self, n_actions=8, horizon=8):
        self.observation_space = Box(0.0, 1.0, (4,))
        self.action_space = Discrete(n_actions)
        self.horizon = horizon

    def reset(self, seed=None):
        self.t, self.pos = 0, np.zeros(2, np.float32)
        return np.concatenate([self.pos, [0.0, 1.0]]).astype(np.float32)

    def step(self, action):
        angle = 2 * np.pi * action / self.action_space.n
        self.pos = self.pos + 0.1 * np.array([np.cos(angle), np.sin(angle)], np.float32)
        self.t += 1
        obs = np.concatenate([self.pos, [self.t / self.horizon, 1.0]]).astype(np.float32)
        return obs, float(self.pos[0] > 0.3), self.t >= self.horizon, {}


register("MazeLite-v0", MazeLite, n_actions=8)


class LearnerLayout:
    action_axis = "core"

    def full_distribution(self, logits_local):
        full = jax.lax.all_gather(logits_local, self.action_axis, axis=-1, tiled=True, to="reduced")
        return full

    def to_time_major(self, x):
        return jax.lax.all_to_all(x, self.action_axis, 0, x.ndim - 1, tiled=True)


def prepare(mesh, layout, w, obs):
    def body(w, o):
        logits = o @ w
        dist = layout.full_distribution(logits)
        return layout.to_time_major(logits), dist

    return jax.shard_map(body, mesh=mesh, in_specs=(P(None, "core"), P(None, "learner", None)),
                         out_specs=(P("core", "learner", None), P(None, "learner", None, reduced={"core"})))(w, obs)


def inputs():
    return 2, 8


def main(n_actors, horizon):
    mesh = jax.make_mesh((2, 4), ("learner", "core"))
    venv = VecEnv([lambda: make("MazeLite-v0", horizon=horizon)] * n_actors)
    obs, steps = venv.reset(0), []
    for t in range(horizon):
        steps.append(obs)
        obs, _, _, _ = venv.step([t % 8] * n_actors)
    unrolls = np.stack(steps)
    with jax.set_mesh(mesh):
        w = jax.device_put(jax.random.normal(jax.random.key(0), (4, 8)) * 0.1, NamedSharding(mesh, P(None, "core")))
        time_major, dist = prepare(mesh, LearnerLayout(), w, jax.device_put(unrolls, NamedSharding(mesh, P(None, "learner", None))))
    return time_major


if __name__ == "__main__":
    main(*inputs())
