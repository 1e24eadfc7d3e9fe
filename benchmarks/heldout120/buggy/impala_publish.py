"""rl/impala/publish.py: the learner publishes fresh weights to the actor pool every K steps.

Learner params are placed by `jax.tree.map` over a spec tree; the actors run tensor-parallel
inference with the policy head's columns on "core", so `publish` asks top_level_all_gather
for the actor layout of each leaf, read from ACTOR_LAYOUT.
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


class SeaquestLite(Env):
    def __init__(self, horizon=5):
        self.observation_space = Box(0.0, 1.0, (8,))
        self.action_space = Discrete(4)
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t, self.oxygen = np.random.default_rng(seed), 0, 1.0
        return self._obs()

    def _obs(self):
        return np.append(self.rng.uniform(0, 1, 7), self.oxygen).astype(np.float32)

    def step(self, action):
        self.t += 1
        self.oxygen = 1.0 if action == 0 else self.oxygen - 0.2
        return self._obs(), float(action == 2), self.t >= self.horizon or self.oxygen <= 0, {}


register("SeaquestLite-v0", SeaquestLite, horizon=5)

LEARNER_LAYOUT = {"torso": P("learner", "core"), "head": P("learner", None)}
ACTOR_LAYOUT = {"torso": P("learner", None, reduced={"core"}), "head": P("learner", "core")}


class ActorPool:
    def __init__(self, env_name, n):
        self.envs = [make(env_name) for _ in range(n)]
        self.version = -1
        self.weights = None

    def receive(self, version, weights):
        self.version, self.weights = version, weights

    def run(self, steps):
        total = 0.0
        for i, env in enumerate(self.envs):
            obs = env.reset(i)
            for _ in range(steps):
                obs, r, done, _ = env.step(i % 4)
                total += r
                if done:
                    obs = env.reset()
        return total


def publish(params):
    return jax.tree.map(lambda v, spec: top_level_all_gather(v, spec), params, ACTOR_LAYOUT,
                        is_leaf=lambda x: isinstance(x, P))


def inputs():
    return 4, 2


def main(steps, publish_every):
    mesh = jax.make_mesh((2, 4), ("learner", "core"))
    pool = ActorPool("SeaquestLite-v0", 2)
    with jax.set_mesh(mesh):
        raw = {"torso": jnp.ones((8, 8)) * 0.1, "head": jnp.ones((8, 4)) * 0.1}
        params = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), raw, LEARNER_LAYOUT)
        for step in range(steps):
            reward = pool.run(3)
            params = jax.tree.map(lambda p: p * (1.0 + 0.01 * reward), params)
            if step % publish_every == 0:
                pool.receive(step, publish(params))
    return jnp.asarray(pool.version)


if __name__ == "__main__":
    main(*inputs())
