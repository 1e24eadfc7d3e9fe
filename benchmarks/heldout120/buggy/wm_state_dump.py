"""worldmodel/dump_states.py: dumps the RSSM's deterministic and stochastic states of a batch.

Both state parts live with the batch over "seq" and the units over "latent". The dumper
first assembles each state's units (to reduced, for the probes that differentiate through
the dump) and then maps one gather over the whole state dict for the snapshot.
"""
import functools

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


class WalkerMaze(Env):
    def __init__(self, horizon=6):
        self.observation_space = Box(0.0, 1.0, (4,))
        self.action_space = Discrete(4)
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return self.rng.uniform(0, 1, 4).astype(np.float32)

    def step(self, action):
        self.t += 1
        return self.rng.uniform(0, 1, 4).astype(np.float32), 0.0, self.t >= self.horizon, {}


register("WalkerMaze-v0", WalkerMaze, horizon=6)


def rssm_states(w_h, w_z, obs):
    h = jnp.tanh(obs @ w_h)
    z = jax.nn.softmax(obs @ w_z, axis=-1)
    return {"deter": h, "stoch": z}


def snapshot(mesh, snapshot_axes, w_h, w_z, obs):
    def body(w_h, w_z, o):
        states = rssm_states(w_h, w_z, o)
        states = {k: jax.lax.all_gather(v, "latent", axis=1, tiled=True, to="reduced") for k, v in states.items()}
        gather = functools.partial(jax.lax.all_gather, axis_name=snapshot_axes, axis=0, tiled=True, to="reduced")
        return jax.tree.map(gather, states)

    out = P(None, None, reduced={"latent", *snapshot_axes})
    return jax.shard_map(body, mesh=mesh, in_specs=(P(None, "latent"), P(None, "latent"), P("seq", None)),
                         out_specs={"deter": out, "stoch": out})(w_h, w_z, obs)


def inputs():
    return (8,)


def main(batch):
    mesh = jax.make_mesh((4, 2), ("seq", "latent"))
    env = make("WalkerMaze-v0")
    obs = np.stack([env.reset(i) for i in range(batch)])
    with jax.set_mesh(mesh):
        w_h = jax.device_put(jnp.full((4, 6), 0.2), NamedSharding(mesh, P(None, "latent")))
        w_z = jax.device_put(jax.random.normal(jax.random.key(0), (4, 4)), NamedSharding(mesh, P(None, "latent")))
        snap = snapshot(mesh, tuple(mesh.axis_names), w_h, w_z, jax.device_put(obs, NamedSharding(mesh, P("seq", None))))
    return snap["deter"]


if __name__ == "__main__":
    main(*inputs())
