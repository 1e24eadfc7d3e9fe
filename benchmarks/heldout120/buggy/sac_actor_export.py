"""rl/sac/serve.py: publishes the actor to the inference servers after each learner epoch.

The actor's first layer is placed by the jitted initialiser with out_shardings (rows split
over both mesh axes); the servers want the rows split over "critic" only, so the publisher
gathers the "replica" part with top_level_all_gather.
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


class SwimmerLite(Env):
    def __init__(self, horizon=8):
        self.observation_space = Box(-1.0, 1.0, (16,))
        self.action_space = Box(-1.0, 1.0, (2,))
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return self.rng.uniform(-1, 1, 16).astype(np.float32)

    def step(self, action):
        self.t += 1
        return self.rng.uniform(-1, 1, 16).astype(np.float32), float(np.sum(action)), self.t >= self.horizon, {}


register("SwimmerLite-v0", SwimmerLite, horizon=8)


class ActorPublisher:
    train_spec = P(("replica", "critic"), None)
    serve_spec = P("critic", None, reduced={"replica"})

    def __init__(self, mesh):
        self.mesh = mesh
        self.versions = []

    def init_actor(self, key):
        make_w = jax.jit(lambda k: jax.random.normal(k, (16, 4)) * 0.1,
                         out_shardings=NamedSharding(self.mesh, self.train_spec))
        return make_w(key)

    def publish(self, w):
        served = top_level_all_gather(w, self.serve_spec)
        self.versions.append(served)
        return served


def run_epoch(env, w, episodes):
    total = 0.0
    for ep in range(episodes):
        obs, done = env.reset(ep), False
        while not done:
            act = np.tanh(obs @ np.asarray(w))[:2]
            obs, r, done, _ = env.step(act)
            total += r
    return total / episodes


def inputs():
    return 2, 2


def main(epochs, episodes):
    mesh = jax.make_mesh((2, 4), ("replica", "critic"))
    env = make("SwimmerLite-v0")
    with jax.set_mesh(mesh):
        pub = ActorPublisher(mesh)
        w = pub.init_actor(jax.random.key(0))
        scores = []
        for _ in range(epochs):
            scores.append(run_epoch(env, w, episodes))
            w = w * 0.99
            pub.publish(w)
    assert len(pub.versions) == epochs
    return jnp.asarray(scores)


if __name__ == "__main__":
    main(*inputs())
