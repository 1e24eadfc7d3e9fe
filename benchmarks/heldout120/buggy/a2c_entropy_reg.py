"""rl/a2c/loss.py: the A2C loss with an entropy regulariser on an action-sharded head.

The policy logits' columns are split over "hidden" (the actions of a big discrete set), the
workers over "worker". The entropy of each row is a psum over "hidden"; the loss pieces are
averaged over the mesh axes listed in the loss config dict.
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


class Slots(Env):
    def __init__(self, n_arms=8, horizon=4):
        self.observation_space = Box(0.0, 1.0, (4,))
        self.action_space = Discrete(n_arms)
        self.horizon = horizon
        self.payout = np.linspace(0.1, 0.9, n_arms)

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return np.full(4, 0.5, np.float32)

    def step(self, action):
        self.t += 1
        return np.full(4, 0.5, np.float32), float(self.rng.random() < self.payout[action]), self.t >= self.horizon, {}


register("Slots-v0", Slots, n_arms=8)

LOSS_CONFIG = {
    "entropy_coef": 0.01,
    "value_coef": 0.5,
    "reduce_axes": ("worker", "hidden"),
}


def row_entropy(logits, axis):
    z = jax.lax.psum(jnp.sum(jnp.exp(logits), axis=-1, keepdims=True), axis)
    p = jnp.exp(logits) / z
    return -jax.lax.psum(jnp.sum(p * jnp.log(p), axis=-1), axis)


def a2c_loss(mesh, cfg, w, obs):
    def body(w, x):
        ent = row_entropy(x @ w, "hidden")
        return -cfg["entropy_coef"] * jax.lax.pmean(jnp.mean(ent), cfg["reduce_axes"])

    return jax.shard_map(body, mesh=mesh, in_specs=(P(None, "hidden"), P("worker", None)), out_specs=P())(w, obs)


def inputs():
    return 8, 2


def main(n_workers, updates):
    mesh = jax.make_mesh((4, 2), ("worker", "hidden"))
    venv = VecEnv([lambda: make("Slots-v0")] * n_workers)
    obs = venv.reset(0)
    w = jnp.zeros((4, 8))
    losses = []
    with jax.set_mesh(mesh):
        for _ in range(updates):
            ws = jax.device_put(w, NamedSharding(mesh, P(None, "hidden")))
            loss, g = jax.value_and_grad(a2c_loss, argnums=2)(mesh, LOSS_CONFIG, ws, jax.device_put(obs, NamedSharding(mesh, P("worker", None))))
            w = w - 0.1 * np.asarray(g)
            obs, _, _, _ = venv.step(np.zeros(n_workers, np.int32))
            losses.append(loss)
    return jnp.stack(losses)


if __name__ == "__main__":
    main(*inputs())
