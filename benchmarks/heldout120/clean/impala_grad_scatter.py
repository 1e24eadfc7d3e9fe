"""rl/impala/zero_grads.py: the learner's gradient step with ZeRO-style sharded updates.

The value head's hidden units are split over "core" (row-parallel output, psum'd), the
unroll batch over "learner". Gradients of the flattened head are reduce-scattered over the
whole mesh so each device updates one slice of the optimiser state.
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


class Bandit(Env):
    def __init__(self, arms=4):
        self.observation_space = Box(0.0, 1.0, (8,))
        self.action_space = Discrete(arms)

    def reset(self, seed=None):
        self.rng = np.random.default_rng(seed)
        return self.rng.uniform(0, 1, 8).astype(np.float32)

    def step(self, action):
        return self.reset(), float(self.rng.random() < 0.25 * (action + 1)), True, {}


register("Bandit-v0", Bandit, arms=4)


class ZeroLearner:
    def __init__(self, mesh, hidden=8):
        self.mesh = mesh
        self.shard_axes = ("learner", "core")
        self.w = jax.device_put(jnp.full((8, hidden), 0.1), NamedSharding(mesh, P(None, "core")))
        self.v = jax.device_put(jnp.full((hidden, 8), 0.1), NamedSharding(mesh, P("core", None)))

    def grad_slices(self, obs, returns):
        axes = self.shard_axes

        def body(w, v, x, ret):
            h = jnp.tanh(x @ w)
            err = jax.lax.psum(h @ v, "core") - ret[:, None]
            g = (h.T @ err).reshape(-1)
            return jax.lax.psum_scatter(g, axes, scatter_dimension=0, tiled=True)

        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(P(None, "core"), P("core", None), P("learner", None), P("learner")),
                             out_specs=P(axes))(self.w, self.v, obs, returns)


def inputs():
    return (8,)


def main(n_envs):
    mesh = jax.make_mesh((2, 4), ("learner", "core"))
    venv = VecEnv([lambda: make("Bandit-v0")] * n_envs)
    obs = venv.reset(0)
    _, rew, _, _ = venv.step(np.arange(n_envs) % 4)
    learner = ZeroLearner(mesh)
    with jax.set_mesh(mesh):
        g = learner.grad_slices(jax.device_put(obs, NamedSharding(mesh, P("learner", None))),
                                jax.device_put(rew, NamedSharding(mesh, P("learner"))))
    return g


if __name__ == "__main__":
    main(*inputs())
