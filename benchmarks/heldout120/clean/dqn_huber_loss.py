"""rl/dqn/huber.py: TD errors with a Huber loss, the full action row gathered per transition.

Q-values are computed with the action dimension over "model" (the gathered rows are marked
reduced so the gradient goes back to the owning shard), then the TD error of the taken action
goes through a Huber loss with `delta` from the agent config.
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


class BanditChain(Env):
    def __init__(self, length=6, n_actions=8):
        self.length = length
        self.observation_space = Box(0.0, 1.0, (length,))
        self.action_space = Discrete(n_actions)

    def reset(self, seed=None):
        self.i = 0
        return np.eye(self.length, dtype=np.float32)[self.i]

    def step(self, action):
        reward = 1.0 if action == self.i % self.action_space.n else 0.0
        self.i += 1
        done = self.i >= self.length
        return np.eye(self.length, dtype=np.float32)[min(self.i, self.length - 1)], reward, done, {}


register("BanditChain-v0", BanditChain, length=6, n_actions=8)


@dataclasses.dataclass(frozen=True)
class HuberConfig:
    delta: float = 1.0
    gamma: float = 0.9
    action_axis: str = "model"


def huber(err, delta):
    small = jnp.abs(err) <= delta
    return jnp.where(small, 0.5 * err ** 2, delta * (jnp.abs(err) - 0.5 * delta))


class HuberDQN:
    def __init__(self, mesh, cfg, obs_dim, n_actions):
        self.mesh, self.cfg = mesh, cfg
        w = jax.random.normal(jax.random.key(5), (obs_dim, n_actions)) * 0.1
        self.w = jax.device_put(w, NamedSharding(mesh, P(None, cfg.action_axis)))

    def per_sample_loss(self, obs, act, ret):
        cfg = self.cfg

        def body(w, x, a, y):
            q = jax.lax.all_gather(x @ w, cfg.action_axis, axis=1, tiled=True, to="invarying")
            err = q - y[:, None]
            return huber(err, cfg.delta)

        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(P(None, "model"), P("data", None), P("data"), P("data")),
                             out_specs=P("data", None))(self.w, obs, act, ret)


def discounted(rewards, gamma):
    out, run = [], 0.0
    for r in reversed(rewards):
        run = r + gamma * run
        out.append(run)
    return out[::-1]


def inputs():
    return (3,)


def main(episodes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    cfg = HuberConfig()
    env = make("BanditChain-v0")
    agent = HuberDQN(mesh, cfg, 6, 8)
    xs, acts, rets = [], [], []
    for ep in range(episodes):
        obs, done, rews = env.reset(ep), False, []
        while not done:
            a = env.action_space.sample()
            xs.append(obs); acts.append(a)
            obs, r, done, _ = env.step(a)
            rews.append(r)
        rets += discounted(rews, cfg.gamma)
    n = len(xs) - len(xs) % 8
    with jax.set_mesh(mesh):
        put = lambda v, s: jax.device_put(v, NamedSharding(mesh, s))
        losses = agent.per_sample_loss(put(np.stack(xs[:n]), P("data", None)),
                                       put(np.array(acts[:n], np.int32), P("data")),
                                       put(np.array(rets[:n], np.float32), P("data")))
    assert losses.shape == (n, 8)
    return losses


if __name__ == "__main__":
    main(*inputs())
