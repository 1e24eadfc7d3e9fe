"""rl/ppo/surrogate.py: the clipped surrogate objective with the action axis over "policy".

Every env shard assembles the full log-probability row (gathered to reduced over the action
shards, so the gradient flows back to the owner), picks the taken action's log-prob and
forms the PPO ratio against the behaviour policy stored in the rollout.
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


class Racetrack(Env):
    def __init__(self, n_actions=8, horizon=8):
        self.observation_space = Box(-1.0, 1.0, (4,))
        self.action_space = Discrete(n_actions)
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return self.rng.uniform(-1, 1, 4).astype(np.float32)

    def step(self, action):
        self.t += 1
        return self.rng.uniform(-1, 1, 4).astype(np.float32), float(action == 2), self.t >= self.horizon, {}


register("Racetrack-v0", Racetrack, n_actions=8)


class Surrogate:
    def __init__(self, mesh, clip_eps=0.2, action_axis="policy"):
        self.mesh, self.clip_eps, self.action_axis = mesh, clip_eps, action_axis

    def ratios(self, logits_local, actions, old_logp):
        full = jax.lax.all_gather(logits_local, self.action_axis, axis=1, tiled=True, to="reduced")
        logp = jax.nn.log_softmax(full)
        new = jnp.take_along_axis(logp, actions[:, None], axis=1)[:, 0]
        return jnp.exp(new - old_logp)

    def __call__(self, w, obs, actions, old_logp, adv):
        def body(w, o, a, lp, ad):
            r = self.ratios(o @ w, a, lp)
            unclipped = r * ad
            clipped = jnp.clip(r, 1 - self.clip_eps, 1 + self.clip_eps) * ad
            return -jax.lax.pmean(jnp.mean(jnp.minimum(unclipped, clipped)), "env")

        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(P(None, self.action_axis), P("env", None), P("env"), P("env"), P("env")),
                             out_specs=P())(w, obs, actions, old_logp, adv)


def inputs():
    return 8, 2


def main(n_envs, steps):
    mesh = jax.make_mesh((4, 2), ("env", "policy"))
    venv = VecEnv([lambda: make("Racetrack-v0")] * n_envs)
    obs = venv.reset(5)
    xs, acts, rews = [], [], []
    for _ in range(steps):
        a = np.array([e.action_space.sample() for e in venv.envs], np.int32)
        xs.append(obs); acts.append(a)
        obs, r, _, _ = venv.step(a)
        rews.append(r)
    x, a, r = np.concatenate(xs), np.concatenate(acts), np.concatenate(rews)
    with jax.set_mesh(mesh):
        put = lambda v, s: jax.device_put(v, NamedSharding(mesh, s))
        w = put(jax.random.normal(jax.random.key(9), (4, 8)) * 0.1, P(None, "policy"))
        objective = Surrogate(mesh)
        loss = objective(w, put(x, P("env", None)), put(a, P("env")),
                         put(np.full(len(a), -np.log(8.0), np.float32), P("env")), put(r - r.mean(), P("env")))
    return loss


if __name__ == "__main__":
    main(*inputs())
