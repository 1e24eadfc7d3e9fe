"""rl/ppo/entropy.py: the entropy bonus of a vocabulary-parallel policy head, with a schedule.

The action logits are split over "policy"; `sharded_entropy` computes the softmax entropy
from the local slice with psums over the action axis. The entropy coefficient decays
linearly over updates (EntropySchedule). Logits are also gathered for the action sampler.
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


class TextAdventure(Env):
    """A toy text game: the observation is a bag of 8 token counts, 32 verbs to choose from."""

    def __init__(self, n_verbs=32, horizon=5):
        self.observation_space = Box(0.0, 3.0, (8,))
        self.action_space = Discrete(n_verbs)
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return self.rng.integers(0, 3, 8).astype(np.float32)

    def step(self, action):
        self.t += 1
        obs = self.rng.integers(0, 3, 8).astype(np.float32)
        return obs, float(action % 5 == 0), self.t >= self.horizon, {}


register("TextAdventure-v0", TextAdventure, n_verbs=32)


class EntropySchedule:
    def __init__(self, start, end, updates):
        self.start, self.end, self.updates = start, end, updates

    def __call__(self, update):
        frac = min(update / self.updates, 1.0)
        return self.start + frac * (self.end - self.start)


def sharded_entropy(logits, axis_name):
    e = jnp.exp(logits)
    z = jax.lax.psum(jnp.sum(e, axis=-1, keepdims=True), axis_name)
    p = e / z
    return -jax.lax.psum(jnp.sum(p * jnp.log(p + 1e-9), axis=-1), axis_name)


class PolicyHead:
    action_axis = "policy"

    def __init__(self, mesh, obs_dim, n_actions):
        self.mesh = mesh
        w = jax.random.normal(jax.random.key(2), (obs_dim, n_actions)) * 0.2
        self.w = jax.device_put(w, NamedSharding(mesh, P(None, self.action_axis)))

    def forward(self, obs, coef):
        ax = self.action_axis

        def body(w, o, c):
            local = o @ w
            full = jax.lax.all_gather(local, ax, axis=1, tiled=True, to="reduced")
            bonus = c * jnp.mean(sharded_entropy(full, ax))
            return full, jax.lax.pmean(bonus, "env")

        return jax.shard_map(body, mesh=self.mesh, in_specs=(P(None, ax), P("env", None), P()),
                             out_specs=(P("env", None, reduced={ax}), P()))(self.w, obs, coef)


def inputs():
    return 3, 8


def main(updates, n_envs):
    mesh = jax.make_mesh((4, 2), ("env", "policy"))
    venv = VecEnv([lambda: make("TextAdventure-v0")] * n_envs)
    head = PolicyHead(mesh, 8, 32)
    schedule = EntropySchedule(0.01, 0.001, updates)
    obs = venv.reset(0)
    bonuses = []
    with jax.set_mesh(mesh):
        for u in range(updates):
            x = jax.device_put(obs, NamedSharding(mesh, P("env", None)))
            logits, bonus = head.forward(x, jnp.float32(schedule(u)))
            acts = np.argmax(np.asarray(logits), axis=-1)
            obs, _, _, _ = venv.step(acts)
            bonuses.append(bonus)
    return jnp.stack(bonuses)


if __name__ == "__main__":
    main(*inputs())
