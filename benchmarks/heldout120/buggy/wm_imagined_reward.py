"""worldmodel/imagine.py: imagined rollouts of a small latent dynamics model with a reward head.

The batch of starting states is split over "seq", the latent units over "latent". The reward
head is row-parallel (psum over "latent"). During imagination the rewards of one chosen step
are also kept per latent shard for the reward-attribution probe.
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


class CheetahLite(Env):
    def __init__(self, horizon=8):
        self.observation_space = Box(-1.0, 1.0, (8,))
        self.action_space = Box(-1.0, 1.0, (2,))
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        self.s = self.rng.uniform(-0.1, 0.1, 8).astype(np.float32)
        return self.s

    def step(self, action):
        self.s = np.tanh(self.s + 0.1 * np.resize(action, 8)).astype(np.float32)
        self.t += 1
        return self.s, float(self.s[0]), self.t >= self.horizon, {}


register("CheetahLite-v0", CheetahLite, horizon=8)


@dataclass
class ImagineConfig:
    horizon: int = 5
    probe_step: int = 2
    probe_axis: str = "latent"
    discount: float = 0.97


class LatentModel:
    def __init__(self, mesh, cfg, latent=8):
        self.mesh, self.cfg = mesh, cfg
        k1, k2 = jax.random.split(jax.random.key(0))
        self.w_dyn = jax.device_put(jax.random.normal(k1, (latent, latent)) * 0.3, NamedSharding(mesh, P(None, "latent")))
        self.w_rew = jax.device_put(jax.random.normal(k2, (latent, 1)) * 0.3, NamedSharding(mesh, P("latent", None)))

    def imagine(self, start):
        cfg = self.cfg

        def body(w_dyn, w_rew, h):
            ret, disc, probe = jnp.zeros(h.shape[0]), 1.0, None
            for t in range(cfg.horizon):
                h_local = jnp.tanh(h @ w_dyn)
                r = jax.lax.psum(h_local @ w_rew, "latent")[:, 0]
                if t == cfg.probe_step:
                    probe = jax.lax.all_gather(r, cfg.probe_axis, to="reduced")
                ret = ret + disc * r
                disc *= cfg.discount
                h = jax.lax.all_gather(h_local, "latent", axis=1, tiled=True)
            return ret, probe

        return jax.shard_map(body, mesh=self.mesh, in_specs=(P(None, "latent"), P("latent", None), P("seq", None)),
                             out_specs=(P("seq"), P(None, "seq", reduced={cfg.probe_axis})))(self.w_dyn, self.w_rew, start)


def inputs():
    return (8,)


def main(n_starts):
    mesh = jax.make_mesh((4, 2), ("seq", "latent"))
    env = make("CheetahLite-v0")
    starts = np.stack([env.reset(i) for i in range(n_starts)])
    model = LatentModel(mesh, ImagineConfig())
    with jax.set_mesh(mesh):
        ret, probe = model.imagine(jax.device_put(starts, NamedSharding(mesh, P("seq", None))))
    return ret


if __name__ == "__main__":
    main(*inputs())
