"""rl/dqn/replay_debug.py: a ring-array replay buffer whose Q-values are dumped for inspection.

Used when a DQN run diverges: the buffer is filled from a random policy on GridLite-v0, the
Q-network (hidden units over "model", transitions over "data") is evaluated on it, and the
values are gathered onto every device for the dump writer.
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


class GridLite(Env):
    def __init__(self, size=5):
        self.size = size
        self.observation_space = Box(0.0, 1.0, (2 * size,))
        self.action_space = Discrete(4)

    def _obs(self):
        o = np.zeros(2 * self.size, np.float32)
        o[self.pos[0]] = 1.0
        o[self.size + self.pos[1]] = 1.0
        return o

    def reset(self, seed=None):
        self.pos = [0, 0]
        return self._obs()

    def step(self, action):
        dx, dy = [(1, 0), (-1, 0), (0, 1), (0, -1)][action]
        self.pos = [min(max(self.pos[0] + dx, 0), self.size - 1), min(max(self.pos[1] + dy, 0), self.size - 1)]
        done = self.pos == [self.size - 1, self.size - 1]
        return self._obs(), 1.0 if done else -0.01, done, {}


register("GridLite-v0", GridLite, size=4)


class RingReplay:
    def __init__(self, capacity, obs_dim):
        self.obs = np.zeros((capacity, obs_dim), np.float32)
        self.act = np.zeros(capacity, np.int32)
        self.rew = np.zeros(capacity, np.float32)
        self.ptr, self.full, self.capacity = 0, False, capacity

    def add(self, o, a, r):
        self.obs[self.ptr], self.act[self.ptr], self.rew[self.ptr] = o, a, r
        self.ptr = (self.ptr + 1) % self.capacity
        self.full = self.full or self.ptr == 0

    def __len__(self):
        return self.capacity if self.full else self.ptr


class QDumper:
    """Evaluates Q on the whole buffer and gathers it for the dump writer."""

    def __init__(self, mesh, dump_axes):
        self.mesh, self.dump_axes = mesh, dump_axes

    def __call__(self, w1, w2, obs):
        def body(w1, w2, x):
            h = jnp.tanh(x @ w1)
            h = jax.lax.all_gather(h, "model", axis=1, tiled=True, to="reduced")
            return jax.lax.all_gather(h, self.dump_axes, axis=0, tiled=True, to="reduced")

        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(P(None, "model"), P(None, None), P("data", None)),
                             out_specs=P(None, None, reduced=set(self.dump_axes)))(w1, w2, obs)


def inputs():
    return 64, 16


def main(capacity, hidden):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    env = make("GridLite-v0")
    buf = RingReplay(capacity, env.observation_space.shape[0])
    obs = env.reset(0)
    while len(buf) < capacity:
        a = env.action_space.sample()
        nxt, r, done, _ = env.step(a)
        buf.add(obs, a, r)
        obs = env.reset() if done else nxt
    k = jax.random.key(1)
    w1 = jax.random.normal(k, (buf.obs.shape[1], hidden)) * 0.2
    w2 = jnp.zeros((hidden, env.action_space.n))
    with jax.set_mesh(mesh):
        dumper = QDumper(mesh, tuple(mesh.axis_names))
        w1 = jax.device_put(w1, NamedSharding(mesh, P(None, "model")))
        w2 = jax.device_put(w2, NamedSharding(mesh, P(None, None)))
        x = jax.device_put(buf.obs, NamedSharding(mesh, P("data", None)))
        hidden_dump = dumper(w1, w2, x)
    assert hidden_dump.shape == (capacity, hidden)
    return hidden_dump


if __name__ == "__main__":
    main(*inputs())
