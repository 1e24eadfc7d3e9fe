"""worldmodel/returns.py: lambda-returns of imagined trajectories and their mesh-wide scale.

DreamerV3-style return normalisation: the imagined trajectories go over "seq", the critic's
hidden units over "latent" (row-parallel value, psum'd). The return scale is the mean
absolute return over every device, the axes read from the learner config dict.
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


class CartpoleSwingup(Env):
    def __init__(self, horizon=6):
        self.observation_space = Box(-1.0, 1.0, (5,))
        self.action_space = Discrete(3)
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return self.rng.uniform(-1, 1, 5).astype(np.float32)

    def step(self, action):
        self.t += 1
        o = self.rng.uniform(-1, 1, 5).astype(np.float32)
        return o, float(np.cos(o[1])), self.t >= self.horizon, {}


register("CartpoleSwingup-v0", CartpoleSwingup, horizon=6)

LEARNER = {"lambda_": 0.95, "gamma": 0.99, "scale_axes": ["seq", "latent"]}


def lambda_returns(rew, val, gamma, lam):
    out, nxt = [], val[-1]
    for t in reversed(range(rew.shape[0])):
        nxt = rew[t] + gamma * ((1 - lam) * val[t] + lam * nxt)
        out.append(nxt)
    return jnp.stack(out[::-1])


def return_scale(mesh, cfg, w1, w2, obs, rew):
    def body(w1, w2, o, r):
        v = jax.lax.psum(jnp.tanh(o @ w1) @ w2, "latent")[..., 0]
        ret = lambda_returns(r, v, cfg["gamma"], cfg["lambda_"])
        scale = jax.lax.pmean(jnp.mean(jnp.abs(ret)), axis_name=tuple(cfg["scale_axes"]))
        return ret / jnp.maximum(scale, 1.0)

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(P(None, "latent"), P("latent", None), P(None, "seq", None), P(None, "seq")),
                         out_specs=P(None, "seq"))(w1, w2, obs, rew)


def inputs():
    return 8, 5


def main(batch, horizon):
    mesh = jax.make_mesh((4, 2), ("seq", "latent"))
    venv = VecEnv([lambda: make("CartpoleSwingup-v0")] * batch)
    obs, O, R = venv.reset(0), [], []
    for t in range(horizon):
        O.append(obs)
        obs, r, _, _ = venv.step([t % 3] * batch)
        R.append(r)
    with jax.set_mesh(mesh):
        w1 = jax.device_put(jnp.full((5, 4), 0.1), NamedSharding(mesh, P(None, "latent")))
        w2 = jax.device_put(jnp.full((4, 1), 0.1), NamedSharding(mesh, P("latent", None)))
        ret = return_scale(mesh, LEARNER, w1, w2, jax.device_put(np.stack(O), NamedSharding(mesh, P(None, "seq", None))),
                           jax.device_put(np.stack(R), NamedSharding(mesh, P(None, "seq"))))
    return ret


if __name__ == "__main__":
    main(*inputs())
