"""rl/a2c/dumps.py: hidden-state dumps of the actor, partial every episode, full every K.

The actor's hidden layer is split over "hidden", the workers over "worker". After every
episode the hidden activations of the workers' last observations are assembled per worker;
every `full_every` episodes the dump also spans the workers.
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


class Snake(Env):
    def __init__(self, size=4, horizon=7):
        self.size, self.horizon = size, horizon
        self.observation_space = Box(0.0, 1.0, (size * size,))
        self.action_space = Discrete(4)

    def reset(self, seed=None):
        self.head, self.t = (0, 0), 0
        return self._obs()

    def _obs(self):
        grid = np.zeros((self.size, self.size), np.float32)
        grid[self.head] = 1.0
        return grid.ravel()

    def step(self, action):
        dr, dc = [(0, 1), (1, 0), (0, -1), (-1, 0)][action]
        self.head = ((self.head[0] + dr) % self.size, (self.head[1] + dc) % self.size)
        self.t += 1
        return self._obs(), float(self.head == (2, 2)), self.t >= self.horizon, {}


register("Snake-v0", Snake, size=4)


class HiddenDumper:
    def __init__(self, mesh, full_every=2):
        self.mesh, self.full_every = mesh, full_every

    def axes_for(self, episode):
        if episode % self.full_every == self.full_every - 1:
            return ("worker", "hidden")
        return "worker"

    def dump(self, w, obs, episode):
        axes = self.axes_for(episode)

        def body(w, x):
            h = jax.lax.all_gather(jax.nn.relu(x @ w), "hidden", axis=1, tiled=True, to="reduced")
            return jax.lax.all_gather(h, axes, axis=0, tiled=True, to="reduced")

        reduced = {"hidden", "worker"}
        return jax.shard_map(body, mesh=self.mesh, in_specs=(P(None, "hidden"), P("worker", None)),
                             out_specs=P(None, None, reduced=reduced))(w, obs)


def inputs():
    return 4, 3


def main(n_workers, episodes):
    mesh = jax.make_mesh((4, 2), ("worker", "hidden"))
    venv = VecEnv([lambda: make("Snake-v0")] * n_workers)
    dumper = HiddenDumper(mesh)
    dumps = []
    with jax.set_mesh(mesh):
        w = jax.device_put(jax.random.normal(jax.random.key(1), (16, 8)) * 0.2, NamedSharding(mesh, P(None, "hidden")))
        obs = venv.reset(0)
        for ep in range(episodes):
            for _ in range(7):
                obs, _, _, _ = venv.step(np.random.default_rng(ep).integers(0, 4, n_workers))
            x = jax.device_put(obs, NamedSharding(mesh, P("worker", None)))
            dumps.append(dumper.dump(w, x, ep))
    assert all(d.shape == (n_workers, 8) for d in dumps)
    return dumps[-1]


if __name__ == "__main__":
    main(*inputs())
