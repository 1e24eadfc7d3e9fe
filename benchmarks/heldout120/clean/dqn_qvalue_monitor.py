"""rl/dqn/train_cartpole.py: DQN on a CartPole-like task, Q-network sharded over a 2x4 mesh.

The batch goes over "data", the hidden layer over "model"; the online and target networks
share one sharded forward pass and the target is copied every `target_every` steps.
"""
import collections
import dataclasses
import random

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


class CartPoleLite(Env):
    def __init__(self, max_steps=50):
        self.observation_space = Box(-1.0, 1.0, (4,))
        self.action_space = Discrete(2)
        self.max_steps = max_steps

    def reset(self, seed=None):
        self._rng = np.random.default_rng(seed)
        self.t = 0
        self.state = self._rng.uniform(-0.05, 0.05, 4).astype(np.float32)
        return self.state

    def step(self, action):
        push = 0.1 if action == 1 else -0.1
        x, v, th, w = self.state
        w = w + 0.5 * th - push
        self.state = np.array([x + v, v + push, th + w * 0.05, w], np.float32)
        self.t += 1
        done = abs(th) > 0.5 or self.t >= self.max_steps
        return self.state, 1.0, done, {"t": self.t}


register("CartPoleLite-v0", CartPoleLite, max_steps=40)


@dataclasses.dataclass
class DQNConfig:
    hidden: int = 16
    gamma: float = 0.99
    lr: float = 1e-2
    batch_size: int = 8
    target_every: int = 4
    log_axis: str = "model"
    eps_start: float = 1.0
    eps_end: float = 0.05
    eps_decay_steps: int = 30


def linear_epsilon(cfg, step):
    frac = min(step / cfg.eps_decay_steps, 1.0)
    return cfg.eps_start + frac * (cfg.eps_end - cfg.eps_start)


class DQNAgent:
    def __init__(self, mesh, obs_dim, n_actions, cfg):
        self.mesh, self.cfg, self.n_actions = mesh, cfg, n_actions
        k1, k2 = jax.random.split(jax.random.key(0))
        w1 = jax.random.normal(k1, (obs_dim, cfg.hidden)) * 0.3
        w2 = jax.random.normal(k2, (cfg.hidden, n_actions)) * 0.3
        self.params = {
            "w1": jax.device_put(w1, NamedSharding(mesh, P(None, "model"))),
            "w2": jax.device_put(w2, NamedSharding(mesh, P("model", None))),
        }
        self.target = dict(self.params)

    def q_values(self, params, obs):
        def body(w1, w2, x):
            h = jax.nn.relu(x @ w1)
            q = jax.lax.psum(h @ w2, "model")
            return q, self.per_shard_q(q)

        return jax.shard_map(
            body, mesh=self.mesh,
            in_specs=(P(None, "model"), P("model", None), P("data", None)),
            out_specs=(P("data", None), P("data", None, reduced={self.cfg.log_axis})),
        )(params["w1"], params["w2"], obs)

    def per_shard_q(self, q):
        return jax.lax.all_gather(jax.lax.pcast(q, self.cfg.log_axis, to="varying"), self.cfg.log_axis, axis=1, tiled=True, to="reduced")

    def td_loss(self, params, target, batch):
        obs, act, rew, nxt, done = batch
        q, _ = self.q_values(params, obs)
        q_next, _ = self.q_values(target, nxt)
        y = rew + self.cfg.gamma * (1.0 - done) * jnp.max(q_next, axis=-1)
        q_a = jnp.take_along_axis(q, act[:, None], axis=-1)[:, 0]
        return jnp.mean((q_a - jax.lax.stop_gradient(y)) ** 2)

    def act(self, obs, eps):
        if random.random() < eps:
            return random.randrange(self.n_actions)
        x = jnp.asarray(np.repeat(obs[None], 8, axis=0))
        q, _ = self.q_values(self.params, jax.device_put(x, NamedSharding(self.mesh, P("data", None))))
        return int(np.argmax(np.asarray(q)[0]))


def sample_batch(buffer, n, mesh):
    items = random.sample(list(buffer), n)
    cols = [np.stack([it[i] for it in items]) for i in range(5)]
    specs = [P("data", None), P("data"), P("data"), P("data", None), P("data")]
    dtypes = [np.float32, np.int32, np.float32, np.float32, np.float32]
    return tuple(jax.device_put(c.astype(d), NamedSharding(mesh, s)) for c, d, s in zip(cols, dtypes, specs))


def inputs():
    return 0, 3


def main(seed, episodes):
    random.seed(seed)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    cfg = DQNConfig()
    env = make("CartPoleLite-v0")
    agent = DQNAgent(mesh, env.observation_space.shape[0], env.action_space.n, cfg)
    buffer = collections.deque(maxlen=500)
    step, returns = 0, []
    with jax.set_mesh(mesh):
        for ep in range(episodes):
            obs, done, total = env.reset(seed + ep), False, 0.0
            while not done:
                a = agent.act(obs, linear_epsilon(cfg, step))
                nxt, r, done, _ = env.step(a)
                buffer.append((obs, a, r, nxt, float(done)))
                obs, total, step = nxt, total + r, step + 1
                if len(buffer) >= cfg.batch_size and step % 5 == 0:
                    batch = sample_batch(buffer, cfg.batch_size, mesh)
                    grads = jax.grad(agent.td_loss)(agent.params, agent.target, batch)
                    agent.params = jax.tree.map(lambda p, g: p - cfg.lr * g, agent.params, grads)
                if step % cfg.target_every == 0:
                    agent.target = dict(agent.params)
            returns.append(total)
    assert len(returns) == episodes
    return jnp.asarray(returns)


if __name__ == "__main__":
    main(*inputs())
