"""rl/ppo/export.py: trains a few PPO-style steps, then exports the policy for the actors.

The actor processes need unsharded weights: `to_host` gathers each parameter with
`top_level_all_gather` to a spec that keeps the leading dimension and marks the gathered
axis reduced. Training runs under the mesh context; the export is done by the driver.
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


class Corridor(Env):
    def __init__(self, length=6):
        self.length = length
        self.observation_space = Box(0.0, 1.0, (4,))
        self.action_space = Discrete(2)

    def reset(self, seed=None):
        self.pos = 0
        return self._obs()

    def _obs(self):
        return np.array([self.pos / self.length, 1.0, 0.0, 0.5], np.float32)

    def step(self, action):
        self.pos = max(0, self.pos + (1 if action else -1))
        done = self.pos >= self.length
        return self._obs(), float(done), done, {}


class ClipReward(Wrapper):
    def step(self, action):
        o, r, d, info = self.env.step(action)
        return o, float(np.clip(r, -1, 1)), d, info


register("Corridor-v0", lambda length: ClipReward(Corridor(length)), length=5)

PARAM_SPECS = {"torso": P("env", "policy"), "pi": P("policy", None)}


def init(mesh):
    k1, k2 = jax.random.split(jax.random.key(4))
    raw = {"torso": jax.random.normal(k1, (4, 8)) * 0.3, "pi": jax.random.normal(k2, (8, 2)) * 0.3}
    return {k: jax.device_put(v, NamedSharding(mesh, PARAM_SPECS[k])) for k, v in raw.items()}


@jax.jit
def sgd_step(params, obs, adv):
    def loss(p):
        p = jax.tree.map(lambda v: jax.reshard(v, P()), p)
        h = jnp.tanh(obs @ p["torso"])
        logp = jax.nn.log_softmax(h @ p["pi"])
        return -jnp.mean(logp[:, 1] * adv)
    grads = jax.grad(loss)(params)
    return jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)


def export_spec(spec):
    head, *rest = spec
    return P(head, *([None] * len(rest)), reduced={a for a in rest if a})


def to_host(params):
    return {k: np.asarray(top_level_all_gather(v, export_spec(PARAM_SPECS[k]))) for k, v in params.items()}


def inputs():
    return 4, 8


def main(iterations, n_envs):
    mesh = jax.make_mesh((4, 2), ("env", "policy"))
    venv = VecEnv([lambda: make("Corridor-v0")] * n_envs)
    with jax.set_mesh(mesh):
        params = init(mesh)
        obs = venv.reset(0)
        for _ in range(iterations):
            nxt, rew, done, _ = venv.step(np.ones(n_envs, np.int32))
            adv = jnp.asarray(rew - rew.mean())
            params = sgd_step(params, jnp.asarray(obs), adv)
            obs = nxt
    weights = to_host(params)
    assert weights["torso"].shape == (4, 8)
    return jnp.asarray(weights["pi"])


if __name__ == "__main__":
    main(*inputs())
