"""marl/comm/ring.py: agents on a ring pass messages to their right-hand neighbour.

Agents are split over "agent". The centralised critic needs every agent's embedding, so
`embed_all` gathers them (to reduced, the critic's gradient going back to each agent);
`pass_right` sends each agent's message one step round the ring with ppermute.
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


class Spread(Env):
    def __init__(self, n_agents=4, horizon=5):
        self.n_agents, self.horizon = n_agents, horizon
        self.observation_space = Box(-1.0, 1.0, (n_agents, 6))
        self.action_space = Discrete(5)

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        self.pos = self.rng.uniform(-1, 1, (self.n_agents, 2)).astype(np.float32)
        self.landmarks = self.rng.uniform(-1, 1, (self.n_agents, 2)).astype(np.float32)
        return self._obs()

    def _obs(self):
        return np.concatenate([self.pos, self.landmarks, self.landmarks - self.pos], 1).astype(np.float32)

    def step(self, actions):
        moves = np.array([(0, 0), (0.1, 0), (-0.1, 0), (0, 0.1), (0, -0.1)], np.float32)[np.asarray(actions)]
        self.pos = np.clip(self.pos + moves, -1, 1)
        self.t += 1
        cover = -float(np.linalg.norm(self.landmarks - self.pos, axis=1).sum())
        return self._obs(), cover, self.t >= self.horizon, {}


register("Spread-v0", Spread, n_agents=4)


class RingComm:
    def __init__(self, mesh, axis="agent"):
        self.mesh, self.axis, self.n = mesh, axis, mesh.shape[axis]

    def embed_all(self, e):
        return jax.lax.all_gather(e, self.axis, axis=0, tiled=True, to="reduced")

    def pass_right(self, msg):
        return jax.lax.ppermute(msg, self.axis, [(i, (i + 1) % self.n) for i in range(self.n)])

    def __call__(self, w, obs):
        def body(w, o):
            e = jnp.tanh(o @ w)
            everyone = self.embed_all(e)
            incoming = self.pass_right(everyone)
            return incoming, everyone

        return jax.shard_map(body, mesh=self.mesh, in_specs=(P(), P(self.axis, None)),
                             out_specs=(P(self.axis, None), P(None, None, reduced={self.axis})))(w, obs)


def inputs():
    return (4,)


def main(steps):
    mesh = jax.make_mesh((4, 2), ("agent", "feat"))
    env = make("Spread-v0")
    comm = RingComm(mesh)
    obs, rewards = env.reset(0), []
    with jax.set_mesh(mesh):
        w = jax.device_put(jnp.eye(6, 4), NamedSharding(mesh, P()))
        for t in range(steps):
            incoming, _ = comm(w, jax.device_put(obs, NamedSharding(mesh, P("agent", None))))
            acts = np.asarray(jnp.argmax(incoming, axis=1)) % 5
            obs, r, done, _ = env.step(acts)
            rewards.append(r)
    return jnp.asarray(rewards)


if __name__ == "__main__":
    main(*inputs())
