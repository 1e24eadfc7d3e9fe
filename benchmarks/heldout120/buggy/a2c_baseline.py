"""rl/a2c/baseline.py: advantages against a batch-mean baseline of the critic's values.

The critic's value for each worker is assembled over the "worker" axis (gathered to
reduced: the critic's gradient returns to the owning worker), and the batch baseline is the
mean of that vector; each worker's advantage is its return minus the baseline.
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


class FrozenLakeish(Env):
    def __init__(self, size=4, slip=0.2):
        self.size, self.slip = size, slip
        self.observation_space = Box(0.0, 1.0, (size * size,))
        self.action_space = Discrete(4)

    def reset(self, seed=None):
        self.rng, self.s = np.random.default_rng(seed), 0
        return np.eye(self.size ** 2, dtype=np.float32)[self.s]

    def step(self, action):
        if self.rng.random() < self.slip:
            action = int(self.rng.integers(4))
        r, c = divmod(self.s, self.size)
        r, c = [(r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)][action]
        self.s = int(np.clip(r, 0, self.size - 1) * self.size + np.clip(c, 0, self.size - 1))
        done = self.s == self.size ** 2 - 1
        return np.eye(self.size ** 2, dtype=np.float32)[self.s], float(done), done, {}


register("FrozenLakeish-v0", FrozenLakeish, size=4, slip=0.2)


class BaselineCritic:
    def __init__(self, mesh, obs_dim):
        self.mesh = mesh
        self.w = jax.device_put(jnp.full((obs_dim,), 0.05), NamedSharding(mesh, P()))

    def advantages(self, obs, returns):
        def body(w, x, ret):
            v = x @ w
            v_all = jax.lax.all_gather(v, "worker", axis=0, tiled=True, to="reduced")
            baseline = jnp.mean(v_all)
            return ret - baseline, v_all

        return jax.shard_map(body, mesh=self.mesh, in_specs=(P(), P("worker", None), P("worker")),
                             out_specs=(P("worker"), P(None, reduced={"worker"})))(self.w, obs, returns)


def episode_returns(venv, steps, gamma=0.95):
    obs0 = venv.reset(1)
    ret, disc = np.zeros(venv.num_envs, np.float32), 1.0
    for _ in range(steps):
        _, rew, _, _ = venv.step(np.random.default_rng(2).integers(0, 4, venv.num_envs))
        ret += disc * rew
        disc *= gamma
    return obs0, ret


def inputs():
    return 8, 6


def main(n_workers, steps):
    mesh = jax.make_mesh((4, 2), ("worker", "hidden"))
    venv = VecEnv([lambda: make("FrozenLakeish-v0")] * n_workers)
    obs, ret = episode_returns(venv, steps)
    with jax.set_mesh(mesh):
        critic = BaselineCritic(mesh, 16)
        adv, _ = critic.advantages(jax.device_put(obs, NamedSharding(mesh, P("worker", None))),
                                   jax.device_put(ret, NamedSharding(mesh, P("worker"))))
    return adv


if __name__ == "__main__":
    main(*inputs())
