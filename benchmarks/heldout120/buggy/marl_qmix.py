"""marl/qmix/mixer.py: a linear VDN/QMIX-style mixer summing per-agent Q over the team.

Agents are split over "agent", the agent network's hidden units over "feat" (the per-agent
Q is a row-parallel output, psum'd over "feat"). Q_tot sums the chosen-action Q of every
agent with a psum over the mixer's axes, which default to the mesh's axis names.
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


class Traffic(Env):
    """Four intersections, each agent switching its light; reward is negative queue length."""

    def __init__(self, n_agents=4, horizon=6):
        self.n_agents, self.horizon = n_agents, horizon
        self.observation_space = Box(0.0, 5.0, (n_agents, 4))
        self.action_space = Discrete(2)

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        self.queues = self.rng.integers(0, 3, (self.n_agents, 4)).astype(np.float32)
        return self.queues.copy()

    def step(self, actions):
        a = np.asarray(actions)
        self.queues[np.arange(self.n_agents), a * 2] = np.maximum(self.queues[np.arange(self.n_agents), a * 2] - 1, 0)
        self.queues += self.rng.integers(0, 2, self.queues.shape)
        self.t += 1
        return self.queues.copy(), -float(self.queues.sum()), self.t >= self.horizon, {}


register("Traffic-v0", Traffic, n_agents=4)


class VDNMixer:
    def __init__(self, mesh, axes=None):
        self.mesh = mesh
        self.axes = axes if axes is not None else mesh.axis_names

    def q_tot(self, w1, w2, obs, actions):
        def body(w1, w2, o, a):
            q = jax.lax.psum(jax.nn.relu(o @ w1) @ w2, "feat")
            chosen = jnp.take_along_axis(q, a[:, None], axis=1)[:, 0]
            return jax.lax.psum(jnp.sum(chosen), self.axes)

        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(P(None, "feat"), P("feat", None), P("agent", None), P("agent")),
                             out_specs=P())(w1, w2, obs, actions)


def inputs():
    return (3,)


def main(steps):
    mesh = jax.make_mesh((4, 2), ("agent", "feat"))
    env = make("Traffic-v0")
    mixer = VDNMixer(mesh)
    obs, q_trace = env.reset(0), []
    with jax.set_mesh(mesh):
        w1 = jax.device_put(jnp.full((4, 8), 0.1), NamedSharding(mesh, P(None, "feat")))
        w2 = jax.device_put(jnp.full((8, 2), 0.1), NamedSharding(mesh, P("feat", None)))
        for t in range(steps):
            acts = np.full(env.n_agents, t % 2, np.int32)
            q_trace.append(mixer.q_tot(w1, w2, jax.device_put(obs, NamedSharding(mesh, P("agent", None))),
                                       jax.device_put(acts, NamedSharding(mesh, P("agent")))))
            obs, _, _, _ = env.step(acts)
    return jnp.stack(q_trace)


if __name__ == "__main__":
    main(*inputs())
