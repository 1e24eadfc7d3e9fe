"""rl/dqn/checkpoint.py: exports the sharded Q-network to host after every evaluation episode.

The layers are placed by a layout table; `export_params` gathers each one with
`top_level_all_gather` to a replicated spec taken from EXPORT_SPECS before writing.
"""
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


class MountainLite(Env):
    def __init__(self, horizon=30):
        self.observation_space = Box(-1.2, 0.6, (2,))
        self.action_space = Discrete(3)
        self.horizon = horizon

    def reset(self, seed=None):
        self.pos, self.vel, self.t = -0.5, 0.0, 0
        return np.array([self.pos, self.vel], np.float32)

    def step(self, action):
        self.vel = float(np.clip(self.vel + (action - 1) * 0.001 - 0.0025 * np.cos(3 * self.pos), -0.07, 0.07))
        self.pos = float(np.clip(self.pos + self.vel, -1.2, 0.6))
        self.t += 1
        done = self.pos >= 0.5 or self.t >= self.horizon
        return np.array([self.pos, self.vel], np.float32), -1.0, done, {}


class TimeFeature(Wrapper):
    def __init__(self, env, horizon):
        super().__init__(env)
        self.horizon = horizon
        self.observation_space = Box(-1.2, 1.0, (3,))

    def reset(self, seed=None):
        self.t = 0
        return np.append(self.env.reset(seed), 0.0).astype(np.float32)

    def step(self, action):
        o, r, d, info = self.env.step(action)
        self.t += 1
        return np.append(o, self.t / self.horizon).astype(np.float32), r, d, info


register("MountainLite-v0", lambda horizon: TimeFeature(MountainLite(horizon), horizon), horizon=20)

LAYOUT = {
    "embed": P("data", "model"),
    "head": P("model", None),
}
EXPORT_SPECS = {
    "embed": P(None, None, reduced={"data", "model"}),
    "head": P(None, None, reduced={"model"}),
}


def init_params(mesh, obs_dim, n_actions):
    keys = jax.random.split(jax.random.key(7), 2)
    shapes = {"embed": (8, 16), "head": (16, n_actions * 4)}
    return {name: jax.device_put(jax.random.normal(k, shapes[name]) * 0.1, NamedSharding(mesh, LAYOUT[name]))
            for k, name in zip(keys, shapes)}


def export_params(params):
    host = {}
    for name, value in params.items():
        full = top_level_all_gather(value, EXPORT_SPECS[name], multi_dim=True)
        host[name] = np.asarray(full)
    return host


def evaluate(env, params, episodes):
    scores = []
    for ep in range(episodes):
        obs, done, total = env.reset(ep), False, 0.0
        while not done:
            feats = np.resize(obs, 8) @ np.asarray(params["embed"])
            q = np.tanh(feats) @ np.asarray(params["head"])
            obs, r, done, _ = env.step(int(np.argmax(q[:3])))
            total += r
        scores.append(total)
    return float(np.mean(scores))


def inputs():
    return (2,)


def main(eval_episodes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    env = make("MountainLite-v0")
    with jax.set_mesh(mesh):
        params = init_params(mesh, env.observation_space.shape[0], env.action_space.n)
        score = evaluate(env, params, eval_episodes)
        exported = export_params(params)
    assert exported["head"].shape == (16, 12)
    return jnp.asarray(score)


if __name__ == "__main__":
    main(*inputs())
