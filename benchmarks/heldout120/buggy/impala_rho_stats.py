"""rl/impala/learner_stats.py: V-trace importance-weight statistics for the learner dashboard.

Trajectories from the actors are batched over "learner" and their time steps over "core".
The learner reports the mesh-wide mean of the truncated importance weights, and keeps one
entry per learner replica in the stats history (StatsQueue.gather_axis).
"""
import collections

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


class BreakoutLite(Env):
    def __init__(self, horizon=16):
        self.observation_space = Box(0.0, 1.0, (4,))
        self.action_space = Discrete(3)
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return self.rng.uniform(0, 1, 4).astype(np.float32)

    def step(self, action):
        self.t += 1
        return self.rng.uniform(0, 1, 4).astype(np.float32), float(action == 1), self.t >= self.horizon, {}


register("BreakoutLite-v0", BreakoutLite, horizon=16)

Trajectory = collections.namedtuple("Trajectory", "obs actions behaviour_logp")


def unroll(env, length, seed):
    obs, xs, acts, logps = env.reset(seed), [], [], []
    for _ in range(length):
        a = env.action_space.sample()
        xs.append(obs); acts.append(a); logps.append(np.log(1 / 3))
        obs, _, done, _ = env.step(a)
        if done:
            obs = env.reset()
    return Trajectory(np.stack(xs), np.array(acts, np.int32), np.array(logps, np.float32))


class StatsQueue:
    def __init__(self, gather_axis="learner", maxlen=10):
        self.gather_axis, self.history = gather_axis, collections.deque(maxlen=maxlen)

    def per_replica(self, x):
        return jax.lax.all_gather(x, self.gather_axis, to="reduced")


def rho_stats(mesh, stats, w, traj, rho_bar=1.0):
    def body(w, obs, act, blp):
        logp = jax.nn.log_softmax(obs @ w)
        target = jnp.take_along_axis(logp, act[..., None], axis=-1)[..., 0]
        rho = jnp.minimum(jnp.exp(target - blp), rho_bar)
        mean_rho = jax.lax.pmean(jnp.mean(rho), ("learner", "core"))
        return mean_rho, stats.per_replica(mean_rho)

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(P(), P("learner", "core", None), P("learner", "core"), P("learner", "core")),
                         out_specs=(P(), P(None, reduced={stats.gather_axis})))(w, *traj)


def inputs():
    return 4, 8


def main(n_actors, unroll_length):
    mesh = jax.make_mesh((2, 4), ("learner", "core"))
    env = make("BreakoutLite-v0")
    trajs = [unroll(env, unroll_length, seed) for seed in range(n_actors)]
    batch = Trajectory(*(np.stack(f) for f in zip(*trajs)))
    stats = StatsQueue()
    with jax.set_mesh(mesh):
        w = jax.device_put(jnp.zeros((4, 3)), NamedSharding(mesh, P()))
        placed = Trajectory(*(jax.device_put(v, NamedSharding(mesh, P("learner", "core", *[None] * (v.ndim - 2))))
                              for v in batch))
        mean_rho, per_replica = rho_stats(mesh, stats, w, placed)
        stats.history.append(per_replica)
    return mean_rho


if __name__ == "__main__":
    main(*inputs())
