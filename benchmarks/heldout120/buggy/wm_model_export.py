"""worldmodel/export.py: exports the dynamics model after each training phase for the planner.

The training step is a shard_map over ("seq", "latent") that returns the updated transition
matrix in its training layout; the planner process wants it with the rows kept over
"latent" only, as ModelLayout.planner says, and gets it through top_level_all_gather.
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

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


class PlanarArm(Env):
    def __init__(self, horizon=6):
        self.observation_space = Box(-1.0, 1.0, (8,))
        self.action_space = Box(-1.0, 1.0, (8,))
        self.horizon = horizon

    def reset(self, seed=None):
        self.s, self.t = np.zeros(8, np.float32), 0
        return self.s

    def step(self, action):
        self.s = np.clip(self.s + 0.1 * np.asarray(action, np.float32), -1, 1)
        self.t += 1
        return self.s, -float(np.abs(self.s).sum()), self.t >= self.horizon, {}


register("PlanarArm-v0", PlanarArm, horizon=6)


class ModelLayout:
    @property
    def train(self):
        return P("seq", "latent")

    @property
    def planner(self):
        return P("latent", None, reduced={"seq"})


def train_phase(mesh, layout, A, states, nexts, lr=0.05):
    def body(a, s, n):
        pred = s @ a
        err = pred - n[:, : pred.shape[1]]
        g = jax.lax.psum(s.T @ err, "seq") / s.shape[0]
        return a - lr * g[: a.shape[0]]

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(layout.train, P(None, "seq"), P(None, "latent")),
                         out_specs=layout.train)(A, states, nexts)


def collect(env, steps):
    s, S, N = env.reset(0), [], []
    for t in range(steps):
        a = np.sin(np.arange(8) + t).astype(np.float32)
        n, _, done, _ = env.step(a)
        S.append(s); N.append(n)
        s = env.reset() if done else n
    return np.stack(S), np.stack(N)


def inputs():
    return (2,)


def main(phases):
    mesh = jax.make_mesh((4, 2), ("seq", "latent"))
    env = make("PlanarArm-v0")
    layout = ModelLayout()
    exported = []
    with jax.set_mesh(mesh):
        A = jax.device_put(jnp.eye(8), NamedSharding(mesh, layout.train))
        for phase in range(phases):
            S, N = collect(env, 8)
            A = train_phase(mesh, layout, A, jax.device_put(S, NamedSharding(mesh, P(None, "seq"))),
                            jax.device_put(N, NamedSharding(mesh, P(None, "latent"))))
            exported.append(top_level_all_gather(A, layout.planner))
    return exported[-1]


if __name__ == "__main__":
    main(*inputs())
