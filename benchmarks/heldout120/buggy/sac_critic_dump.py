"""rl/sac/introspect.py: staged dumps of the critic's features during a SAC run.

A dump plan is a list of gather stages applied in order to the critic features (the hidden
units split over "critic", the batch over "replica"); each stage gathers over its axes to
reduced, so the dump stays differentiable for the probing losses built on top of it.
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


class HopperLite(Env):
    def __init__(self, horizon=12):
        self.observation_space = Box(-1.0, 1.0, (5,))
        self.action_space = Box(-1.0, 1.0, (3,))
        self.horizon = horizon

    def reset(self, seed=None):
        self.q, self.t = np.zeros(5, np.float32), 0
        return self.q

    def step(self, action):
        a = np.asarray(action, np.float32)
        self.q = np.tanh(self.q + 0.1 * np.concatenate([a, a[:2]])).astype(np.float32)
        self.t += 1
        return self.q, float(self.q[0]), self.t >= self.horizon or self.q[1] < -0.9, {}


class ActionRepeat(Wrapper):
    def __init__(self, env, repeat):
        super().__init__(env)
        self.repeat = repeat

    def step(self, action):
        total = 0.0
        for _ in range(self.repeat):
            o, r, d, info = self.env.step(action)
            total += r
            if d:
                break
        return o, total, d, info


register("HopperLite-v0", lambda repeat: ActionRepeat(HopperLite(), repeat), repeat=2)

DUMP_PLANS = {
    "rows": ["critic"],
    "everything": ["critic", ("replica", "critic")],
}


def critic_features(mesh, w, obs_act, plan):
    def body(w, x):
        feats = jax.nn.relu(x @ w)
        for axes in plan:
            dim = 1 if axes == "critic" else 0
            feats = jax.lax.all_gather(feats, axes, axis=dim, tiled=True, to="reduced")
        return feats

    reduced = {a for axes in plan for a in ((axes,) if isinstance(axes, str) else axes)}
    out = P("replica" if "replica" not in reduced else None, None, reduced=reduced)
    return jax.shard_map(body, mesh=mesh, in_specs=(P(None, "critic"), P("replica", None)), out_specs=out)(w, obs_act)


def inputs():
    return ("everything", 16)


def main(plan_name, n_samples):
    mesh = jax.make_mesh((2, 4), ("replica", "critic"))
    env = make("HopperLite-v0")
    rows, obs = [], env.reset(0)
    while len(rows) < n_samples:
        act = env.action_space.sample()
        rows.append(np.concatenate([obs, act]))
        obs, _, done, _ = env.step(act)
        if done:
            obs = env.reset()
    with jax.set_mesh(mesh):
        w = jax.device_put(jax.random.normal(jax.random.key(2), (8, 16)) * 0.3, NamedSharding(mesh, P(None, "critic")))
        x = jax.device_put(np.stack(rows), NamedSharding(mesh, P("replica", None)))
        feats = critic_features(mesh, w, x, DUMP_PLANS[plan_name])
    return feats


if __name__ == "__main__":
    main(*inputs())
