"""marl/comm/dump.py: records the messages agents exchange, for the communication analysis.

Each agent's message vector is split over "feat"; a recorder gathers the message of each
agent (to reduced, since the listener's loss differentiates through it) and then all
agents' messages over the recorder's axes, episode after episode.
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


class Referential(Env):
    """A speaker sees a target among 4 objects; listeners must pick it."""

    def __init__(self, n_agents=4, n_objects=4):
        self.n_agents = n_agents
        self.observation_space = Box(0.0, 1.0, (n_agents, n_objects))
        self.action_space = Discrete(n_objects)

    def reset(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self.target = int(self.rng.integers(self.observation_space.shape[1]))
        return self.rng.uniform(0, 1, self.observation_space.shape).astype(np.float32)

    def step(self, actions):
        reward = float(np.mean(np.asarray(actions) == self.target))
        return self.reset(), reward, True, {"target": self.target}


register("Referential-v0", Referential, n_agents=4)


class MessageRecorder:
    def __init__(self, mesh, axes):
        self.mesh, self.axes, self.log = mesh, axes, []

    def record(self, speaker_w, obs):
        def body(w, o):
            msg = jax.lax.all_gather(jnp.tanh(o @ w), "feat", axis=1, tiled=True, to="reduced")
            return jax.lax.all_gather(msg, self.axes, axis=0, tiled=True, to="reduced")

        out = jax.shard_map(body, mesh=self.mesh, in_specs=(P(None, "feat"), P("agent", None)),
                            out_specs=P(None, None, reduced={"feat", *self.axes}))(speaker_w, obs)
        self.log.append(out)
        return out


def inputs():
    return (3,)


def main(episodes):
    mesh = jax.make_mesh((4, 2), ("agent", "feat"))
    env = make("Referential-v0")
    recorder = MessageRecorder(mesh, mesh.axis_names)
    with jax.set_mesh(mesh):
        w = jax.device_put(jax.random.normal(jax.random.key(0), (4, 6)) * 0.5, NamedSharding(mesh, P(None, "feat")))
        for ep in range(episodes):
            obs = env.reset(ep)
            msgs = recorder.record(w, jax.device_put(obs, NamedSharding(mesh, P("agent", None))))
            env.step(np.argmax(np.asarray(msgs)[:, :4], axis=1))
    return recorder.log[-1]


if __name__ == "__main__":
    main(*inputs())
