"""rl/impala/vtrace.py: V-trace targets with the unroll's time steps split over "core".

Each core computes the log importance ratios of its time slice; the backward recursion
needs the whole unroll, so the ratios are gathered over "core" (to reduced: the policy
gradient of each step returns to its owner) and truncated at rho_bar and c_bar.
"""
from dataclasses import dataclass

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


class SpaceInvadersLite(Env):
    def __init__(self, horizon=8):
        self.observation_space = Box(0.0, 1.0, (4,))
        self.action_space = Discrete(4)
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return self.rng.uniform(0, 1, 4).astype(np.float32)

    def step(self, action):
        self.t += 1
        return self.rng.uniform(0, 1, 4).astype(np.float32), float(action == 3), self.t >= self.horizon, {}


register("SpaceInvadersLite-v0", SpaceInvadersLite, horizon=8)


@dataclass
class VTraceConfig:
    rho_bar: float = 1.0
    c_bar: float = 1.0
    gamma: float = 0.99
    time_axis: str = "core"


def vtrace_weights(cfg, target_logp, behaviour_logp):
    def body(t, b):
        log_rho = jax.lax.all_gather(t - b, cfg.time_axis, axis=0, tiled=True, to="reduced")
        rho = jnp.exp(log_rho)
        clipped_rho = jnp.minimum(rho, cfg.rho_bar)
        cs = jnp.minimum(rho, cfg.c_bar)
        return clipped_rho, cs

    spec = P(None, "learner", reduced={cfg.time_axis})
    return jax.shard_map(body, in_specs=(P("core", "learner"), P("core", "learner")),
                         out_specs=(spec, spec))(target_logp, behaviour_logp)


def collect(venv, horizon):
    venv.reset(0)
    logps = []
    for t in range(horizon):
        acts = [t % 4] * venv.num_envs
        venv.step(acts)
        logps.append(np.full(venv.num_envs, np.log(0.25), np.float32))
    return np.stack(logps)


def inputs():
    return 4, 8


def main(n_actors, horizon):
    mesh = jax.make_mesh((2, 4), ("learner", "core"))
    venv = VecEnv([lambda: make("SpaceInvadersLite-v0")] * n_actors)
    behaviour = collect(venv, horizon)
    target = behaviour + np.random.default_rng(0).normal(0, 0.1, behaviour.shape).astype(np.float32)
    with jax.set_mesh(mesh):
        put = lambda v: jax.device_put(v, NamedSharding(mesh, P("core", "learner")))
        rho, cs = vtrace_weights(VTraceConfig(), put(target), put(behaviour))
    return rho


if __name__ == "__main__":
    main(*inputs())
