"""rl/ppo/advantages.py: GAE over a rollout of 8 vectorised envs, normalised across the mesh.

Rollout storage is time-major (T, N); the N env copies are split over "env" and the value
head over "policy". The normaliser keeps a per-update history of the advantage mean that
the trainer prints.
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


class PendulumLite(Env):
    def __init__(self, horizon=10):
        self.observation_space = Box(-1.0, 1.0, (3,))
        self.action_space = Discrete(3)
        self.horizon = horizon

    def reset(self, seed=None):
        self.th, self.w, self.t = float(np.random.default_rng(seed).uniform(-1, 1)), 0.0, 0
        return self._obs()

    def _obs(self):
        return np.array([np.cos(self.th), np.sin(self.th), self.w], np.float32)

    def step(self, action):
        self.w = float(np.clip(self.w + (action - 1) * 0.2 - 0.1 * np.sin(self.th), -1, 1))
        self.th += self.w * 0.1
        self.t += 1
        return self._obs(), -self.th ** 2, self.t >= self.horizon, {}


register("PendulumLite-v0", PendulumLite, horizon=10)


class RolloutStorage:
    def __init__(self, T, N, obs_dim):
        self.obs = np.zeros((T, N, obs_dim), np.float32)
        self.rew = np.zeros((T, N), np.float32)
        self.done = np.zeros((T, N), np.float32)
        self.t = 0

    def insert(self, obs, rew, done):
        self.obs[self.t], self.rew[self.t], self.done[self.t] = obs, rew, done
        self.t += 1


def gae(rew, val, done, gamma=0.99, lam=0.95):
    adv, last = [], jnp.zeros_like(rew[0])
    for t in reversed(range(rew.shape[0])):
        nxt = val[t + 1] if t + 1 < val.shape[0] else jnp.zeros_like(val[t])
        delta = rew[t] + gamma * nxt * (1 - done[t]) - val[t]
        last = delta + gamma * lam * (1 - done[t]) * last
        adv.append(last)
    return jnp.stack(adv[::-1])


class AdvantageNormaliser:
    def __init__(self, mesh, history_axis="env"):
        self.mesh, self.history_axis = mesh, history_axis

    def mean_history(self, adv_mean):
        return jax.lax.all_gather(adv_mean, self.history_axis, to="reduced")

    def __call__(self, w_v, obs, rew, done):
        def body(w, o, r, d):
            val = jax.lax.psum(jnp.tanh(o) @ w, "policy")[..., 0]
            adv = gae(r, val, d)
            mean = jax.lax.pmean(jnp.mean(adv), "env")
            std = jnp.sqrt(jax.lax.pmean(jnp.mean((adv - mean) ** 2), "env")) + 1e-6
            return (adv - mean) / std, self.mean_history(mean)

        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(P("policy", None), P(None, "env", "policy"), P(None, "env"), P(None, "env")),
                             out_specs=(P(None, "env"), P(None, reduced={self.history_axis})))(w_v, obs, rew, done)


def inputs():
    return 8, 6


def main(n_envs, horizon):
    mesh = jax.make_mesh((4, 2), ("env", "policy"))
    venv = VecEnv([lambda: make("PendulumLite-v0")] * n_envs)
    store = RolloutStorage(horizon, n_envs, 4)
    obs = venv.reset(0)
    for _ in range(horizon):
        nxt, rew, done, _ = venv.step([e.action_space.sample() for e in venv.envs])
        store.insert(np.pad(obs, ((0, 0), (0, 1))), rew, done)
        obs = nxt
    with jax.set_mesh(mesh):
        put = lambda v, s: jax.device_put(v, NamedSharding(mesh, s))
        w_v = put(jnp.full((4, 1), 0.1), P("policy", None))
        norm = AdvantageNormaliser(mesh)
        adv, history = norm(w_v, put(store.obs, P(None, "env", "policy")),
                            put(store.rew, P(None, "env")), put(store.done, P(None, "env")))
    assert adv.shape == (horizon, n_envs)
    return adv


if __name__ == "__main__":
    main(*inputs())
