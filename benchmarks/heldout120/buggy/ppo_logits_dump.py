"""rl/ppo/debug_dump.py: dumps the policy logits of a rollout for offline inspection.

The action head is split over "policy" (a large discrete action set), the env copies over
"env". The dump first assembles the full action row on each env shard, then the whole
rollout on every device, over the axes the DumpConfig names.
"""
import dataclasses

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


class KeyDoor(Env):
    def __init__(self, n_actions=12, horizon=8):
        self.observation_space = Box(0.0, 1.0, (6,))
        self.action_space = Discrete(n_actions)
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self.t, self.has_key = 0, 0.0
        return self._obs()

    def _obs(self):
        return np.array([self.t / self.horizon, self.has_key, *self.rng.uniform(0, 1, 4)], np.float32)

    def step(self, action):
        self.t += 1
        if action == 3:
            self.has_key = 1.0
        reward = 1.0 if (action == 7 and self.has_key) else 0.0
        return self._obs(), reward, reward > 0 or self.t >= self.horizon, {"key": self.has_key}


class RecordEpisodeStats(Wrapper):
    def reset(self, seed=None):
        self.ret, self.len = 0.0, 0
        return self.env.reset(seed)

    def step(self, action):
        o, r, d, info = self.env.step(action)
        self.ret += r
        self.len += 1
        if d:
            info = {**info, "episode": {"r": self.ret, "l": self.len}}
        return o, r, d, info


register("KeyDoor-v0", lambda **kw: RecordEpisodeStats(KeyDoor(**kw)), n_actions=16)


@dataclasses.dataclass
class DumpConfig:
    row_axis: str = "policy"
    dump_axes: tuple = ("env", "policy")


def policy_logits_dump(mesh, cfg, w, obs):
    def body(w, o):
        logits = o @ w
        row = jax.lax.all_gather(logits, cfg.row_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(row, cfg.dump_axes, axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=(P(None, "policy"), P("env", None)),
                         out_specs=P(None, None, reduced=set(cfg.dump_axes)))(w, obs)


def collect(venv, steps):
    obs, frames, finished = venv.reset(3), [], []
    for _ in range(steps):
        frames.append(obs)
        obs, _, _, infos = venv.step([e.action_space.sample() for e in venv.envs])
        finished += [i["episode"] for i in infos if "episode" in i]
    return np.concatenate(frames), finished


def inputs():
    return 4, 4


def main(n_envs, steps):
    mesh = jax.make_mesh((4, 2), ("env", "policy"))
    venv = VecEnv([lambda: make("KeyDoor-v0")] * n_envs)
    frames, finished = collect(venv, steps)
    with jax.set_mesh(mesh):
        w = jax.device_put(jax.random.normal(jax.random.key(0), (6, 16)) * 0.1, NamedSharding(mesh, P(None, "policy")))
        x = jax.device_put(frames, NamedSharding(mesh, P("env", None)))
        dump = policy_logits_dump(mesh, DumpConfig(), w, x)
    assert dump.shape == (n_envs * steps, 16)
    return dump


if __name__ == "__main__":
    main(*inputs())
