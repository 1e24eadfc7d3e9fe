"""rl/a2c/nstep.py: n-step returns over a long rollout cut into time chunks, one per worker.

The rollout's time axis is split over "worker": chunk k needs the first value of chunk k+1
to bootstrap, which `from_next_chunk` fetches with a ppermute. The per-step values are also
assembled (gathered to reduced over "worker") for the value-trace plot.
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


class RandomWalk(Env):
    def __init__(self, n=7):
        self.n = n
        self.observation_space = Box(0.0, 1.0, (n,))
        self.action_space = Discrete(2)

    def reset(self, seed=None):
        self.rng, self.s = np.random.default_rng(seed), self.n // 2
        return np.eye(self.n, dtype=np.float32)[self.s]

    def step(self, action):
        self.s += 1 if self.rng.random() < 0.5 else -1
        done = self.s in (0, self.n - 1)
        return np.eye(self.n, dtype=np.float32)[self.s], float(self.s == self.n - 1), done, {}


register("RandomWalk-v0", RandomWalk, n=7)


def from_next_chunk(x, axis, size):
    return jax.lax.ppermute(x, axis, [(i, (i - 1) % size) for i in range(size)])


class NStepReturns:
    def __init__(self, mesh, gamma=0.9, time_axis="worker"):
        self.mesh, self.gamma, self.time_axis = mesh, gamma, time_axis
        self.n_chunks = mesh.shape[time_axis]

    def __call__(self, values, rewards):
        ax = self.time_axis

        def body(v, r):
            trace = jax.lax.all_gather(v, ax, axis=0, tiled=True, to="reduced")
            boot = from_next_chunk(v[:1], ax, self.n_chunks)
            out, running = [], boot[0]
            for t in reversed(range(r.shape[0])):
                running = r[t] + self.gamma * running
                out.append(running)
            return jnp.stack(out[::-1]), trace

        return jax.shard_map(body, mesh=self.mesh, in_specs=(P(ax), P(ax)),
                             out_specs=(P(ax), P(None, reduced={ax})))(values, rewards)


def inputs():
    return (16,)


def main(steps):
    mesh = jax.make_mesh((4, 2), ("worker", "hidden"))
    env = make("RandomWalk-v0")
    obs, rewards, values = env.reset(3), [], []
    v_table = np.linspace(0, 1, 7).astype(np.float32)
    for _ in range(steps):
        values.append(v_table[int(np.argmax(obs))])
        obs, r, done, _ = env.step(env.action_space.sample())
        rewards.append(r)
        if done:
            obs = env.reset()
    with jax.set_mesh(mesh):
        put = lambda v: jax.device_put(np.asarray(v, np.float32), NamedSharding(mesh, P("worker")))
        returns, trace = NStepReturns(mesh)(put(values), put(rewards))
    return returns


if __name__ == "__main__":
    main(*inputs())
