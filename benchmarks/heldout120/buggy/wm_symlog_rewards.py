"""worldmodel/symlog.py: symlog-transformed reward targets for the world model's reward head.

Rewards of a sequence batch are split over "seq"; the reward head's targets need the whole
sequence (gathered to reduced over "seq", the reward-prediction gradient returning to the
owner of each step), squashed with symlog and bounded for the two-hot encoder.
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


class CoinRun(Env):
    def __init__(self, horizon=8):
        self.observation_space = Box(0.0, 1.0, (4,))
        self.action_space = Discrete(2)
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return self.rng.uniform(0, 1, 4).astype(np.float32)

    def step(self, action):
        self.t += 1
        reward = 10.0 if (action == 1 and self.rng.random() < 0.3) else 0.0
        return self.rng.uniform(0, 1, 4).astype(np.float32), reward, self.t >= self.horizon, {}


register("CoinRun-v0", CoinRun, horizon=8)


def symlog(x):
    return jnp.sign(x) * jnp.log1p(jnp.abs(x))


class RewardTargets:
    bins = 16
    low, high = -5.0, 5.0

    def __init__(self, mesh, axis="seq"):
        self.mesh, self.axis = mesh, axis

    def __call__(self, rewards):
        def body(r):
            seq = jax.lax.all_gather(r, self.axis, axis=0, tiled=True, to="reduced")
            return jnp.clip(symlog(seq), self.low, self.high)

        return jax.shard_map(body, mesh=self.mesh, in_specs=P(self.axis, None),
                             out_specs=P(None, None, reduced={self.axis}))(rewards)


def inputs():
    return 8, 2


def main(horizon, n_envs):
    mesh = jax.make_mesh((4, 2), ("seq", "latent"))
    venv = VecEnv([lambda: make("CoinRun-v0", horizon=horizon)] * n_envs)
    venv.reset(0)
    rews = []
    for t in range(horizon):
        _, r, _, _ = venv.step([1] * n_envs)
        rews.append(r)
    with jax.set_mesh(mesh):
        targets = RewardTargets(mesh)(jax.device_put(np.stack(rews), NamedSharding(mesh, P("seq", None))))
    return targets


if __name__ == "__main__":
    main(*inputs())
