"""rl/sac/squash.py: rescaling the actor's tanh-squashed mean to the env's action bounds.

The deterministic evaluation action is the tanh of the mean head, whose columns are split
over "critic" and gathered (to reduced, as the critic gradients flow back through it); the
env wrapper's action scale from the registry kwargs rescales it.
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


class ThrusterLite(Env):
    def __init__(self, n_thrusters=8, horizon=6):
        self.observation_space = Box(-1.0, 1.0, (8,))
        self.action_space = Box(-1.0, 1.0, (n_thrusters,))
        self.horizon = horizon

    def reset(self, seed=None):
        self.v, self.t = np.zeros(8, np.float32), 0
        return self.v

    def step(self, action):
        self.v = (0.9 * self.v + 0.05 * np.asarray(action, np.float32)).astype(np.float32)
        self.t += 1
        return self.v, -float(np.abs(self.v - 0.5).sum()), self.t >= self.horizon, {}


class RescaleAction(Wrapper):
    def __init__(self, env, scale):
        super().__init__(env)
        self.scale = scale
        self.action_space = Box(-scale, scale, env.action_space.shape)

    def step(self, action):
        return self.env.step(np.asarray(action) / self.scale)


register("ThrusterLite-v0", lambda scale: RescaleAction(ThrusterLite(), scale), scale=2.0)


class EvalPolicy:
    def __init__(self, mesh, action_scale, axis="critic"):
        self.mesh, self.action_scale, self.axis = mesh, action_scale, axis
        w = jax.random.normal(jax.random.key(8), (8, 8)) * 0.3
        self.w = jax.device_put(w, NamedSharding(mesh, P(None, axis)))

    def __call__(self, obs):
        def body(w, o):
            mu = jax.lax.all_gather(o @ w, self.axis, axis=1, tiled=True, to="reduced")
            return self.action_scale * jnp.tanh(mu)

        return jax.shard_map(body, mesh=self.mesh, in_specs=(P(None, self.axis), P("replica", None)),
                             out_specs=P("replica", None, reduced={self.axis}))(self.w, obs)


def evaluate(policy, venv, mesh, steps):
    obs, total = venv.reset(0), 0.0
    for _ in range(steps):
        act = policy(jax.device_put(obs, NamedSharding(mesh, P("replica", None))))
        obs, rew, _, _ = venv.step(np.asarray(act))
        total += float(rew.sum())
    return total


def inputs():
    return 4, 3


def main(n_envs, steps):
    mesh = jax.make_mesh((2, 4), ("replica", "critic"))
    venv = VecEnv([lambda: make("ThrusterLite-v0")] * n_envs)
    scale = venv.envs[0].action_space.high
    with jax.set_mesh(mesh):
        policy = EvalPolicy(mesh, scale)
        score = evaluate(policy, venv, mesh, steps)
    return jnp.asarray(score)


if __name__ == "__main__":
    main(*inputs())
