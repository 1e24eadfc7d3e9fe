"""rl/impala/replay_inspector.py: dumps the learner's policy logits of a batch of unrolls.

The learner batches actor unrolls over "learner"; the policy head's action columns live on
"core". The inspector first assembles each row's action logits (to reduced: the inspector's
probe losses differentiate through it), then the whole batch over every axis it owns.
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


class PongLite(Env):
    def __init__(self, horizon=6, n_actions=8):
        self.observation_space = Box(-1.0, 1.0, (6,))
        self.action_space = Discrete(n_actions)
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return self.rng.uniform(-1, 1, 6).astype(np.float32)

    def step(self, action):
        self.t += 1
        return self.rng.uniform(-1, 1, 6).astype(np.float32), 0.0, self.t >= self.horizon, {}


class FrameStack(Wrapper):
    def __init__(self, env, k):
        super().__init__(env)
        self.k, self.frames = k, []
        self.observation_space = Box(-1.0, 1.0, (k * env.observation_space.shape[0],))

    def reset(self, seed=None):
        o = self.env.reset(seed)
        self.frames = [o] * self.k
        return np.concatenate(self.frames)

    def step(self, action):
        o, r, d, info = self.env.step(action)
        self.frames = self.frames[1:] + [o]
        return np.concatenate(self.frames), r, d, info


register("PongLite-v0", lambda k: FrameStack(PongLite(), k), k=2)


class Inspector:
    def __init__(self, mesh):
        self.mesh = mesh
        self.axes = tuple(mesh.axis_names)

    def _rows(self, logits):
        return jax.lax.all_gather(logits, "core", axis=1, tiled=True, to="reduced")

    def _batch(self, rows):
        return jax.lax.all_gather(rows, self.axes, axis=0, tiled=True, to="reduced")

    def dump(self, w, obs):
        body = lambda w, x: self._batch(self._rows(x @ w))
        return jax.shard_map(body, mesh=self.mesh, in_specs=(P(None, "core"), P("learner", None)),
                             out_specs=P(None, None, reduced=set(self.axes)))(w, obs)


def inputs():
    return (8,)


def main(n_frames):
    mesh = jax.make_mesh((2, 4), ("learner", "core"))
    env = make("PongLite-v0")
    frames, obs = [], env.reset(0)
    for _ in range(n_frames):
        frames.append(obs)
        obs, _, done, _ = env.step(env.action_space.sample())
        if done:
            obs = env.reset()
    with jax.set_mesh(mesh):
        w = jax.device_put(jax.random.normal(jax.random.key(0), (12, 8)) * 0.1, NamedSharding(mesh, P(None, "core")))
        out = Inspector(mesh).dump(w, jax.device_put(np.stack(frames), NamedSharding(mesh, P("learner", None))))
    return out


if __name__ == "__main__":
    main(*inputs())
