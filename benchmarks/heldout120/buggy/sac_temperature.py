"""rl/sac/temperature.py: automatic entropy tuning (the alpha loss) for a sharded actor.

The log-probability of a diagonal Gaussian is summed over action dimensions, which are
split over "critic" (psum); the alpha loss is then averaged over the whole mesh with
`pmean` over the axes of the TemperatureTuner.
"""
import math

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


class WalkerLite(Env):
    def __init__(self, act_dim=8, horizon=5):
        self.observation_space = Box(-1.0, 1.0, (4,))
        self.action_space = Box(-1.0, 1.0, (act_dim,))
        self.horizon = horizon

    def reset(self, seed=None):
        self.t = 0
        return np.zeros(4, np.float32)

    def step(self, action):
        self.t += 1
        return np.full(4, self.t / self.horizon, np.float32), float(np.mean(action)), self.t >= self.horizon, {}


register("WalkerLite-v0", WalkerLite, act_dim=8)


def gaussian_logp(x, mu, log_std):
    z = (x - mu) * jnp.exp(-log_std)
    return -0.5 * z ** 2 - log_std - 0.5 * math.log(2 * math.pi)


class TemperatureTuner:
    def __init__(self, mesh, act_dim, axes=None):
        self.mesh = mesh
        self.target_entropy = -float(act_dim)
        self.axes = axes or tuple(mesh.axis_names)
        self.log_alpha = jnp.float32(0.0)

    def loss(self, actions, mu, log_std):
        def body(la, a, m, s):
            logp = jax.lax.psum(jnp.sum(gaussian_logp(a, m, s), axis=-1), "critic")
            per_sample = -la * jax.lax.stop_gradient(logp + self.target_entropy)
            return jax.lax.pmean(jnp.mean(per_sample), self.axes)

        spec = P("replica", "critic")
        return jax.shard_map(body, mesh=self.mesh, in_specs=(P(), spec, spec, spec), out_specs=P())(
            self.log_alpha, actions, mu, log_std)

    def update(self, actions, mu, log_std, lr=0.1):
        g = jax.grad(lambda la: self.loss_with(la, actions, mu, log_std))(self.log_alpha)
        self.log_alpha = self.log_alpha - lr * g

    def loss_with(self, la, *args):
        old, self.log_alpha = self.log_alpha, la
        try:
            return self.loss(*args)
        finally:
            self.log_alpha = old


def inputs():
    return (2,)


def main(updates):
    mesh = jax.make_mesh((2, 4), ("replica", "critic"))
    env = make("WalkerLite-v0")
    acts = []
    obs, done = env.reset(0), False
    while not done:
        a = env.action_space.sample()
        acts.append(a)
        obs, _, done, _ = env.step(a)
    a = np.resize(np.stack(acts), (8, 8)).astype(np.float32)
    tuner = TemperatureTuner(mesh, 8)
    with jax.set_mesh(mesh):
        put = lambda v: jax.device_put(v, NamedSharding(mesh, P("replica", "critic")))
        for _ in range(updates):
            tuner.update(put(a), put(np.zeros_like(a)), put(np.full_like(a, -0.5)))
    return tuner.log_alpha


if __name__ == "__main__":
    main(*inputs())
