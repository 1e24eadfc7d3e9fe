"""worldmodel/encoder.py: a sequence encoder whose frames are split over "seq".

The transformer-ish context of the world model needs every frame's embedding, so the
embeddings are assembled over "seq" (gathered to reduced: the gradient of each frame goes
back to its owner). The embeddings are normalised by the total energy of the sequence.
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


class DoorKeyLite(Env):
    def __init__(self, horizon=8):
        self.observation_space = Box(0.0, 1.0, (6,))
        self.action_space = Discrete(3)
        self.horizon = horizon

    def reset(self, seed=None):
        self.rng, self.t = np.random.default_rng(seed), 0
        return self.rng.uniform(0, 1, 6).astype(np.float32)

    def step(self, action):
        self.t += 1
        return self.rng.uniform(0, 1, 6).astype(np.float32), float(action == 2), self.t >= self.horizon, {}


class EpisodeBuffer(Wrapper):
    """Keeps the frames of the current episode for the world model's sequence batch."""

    def reset(self, seed=None):
        self.frames = [self.env.reset(seed)]
        return self.frames[0]

    def step(self, action):
        o, r, d, info = self.env.step(action)
        self.frames.append(o)
        return o, r, d, info


register("DoorKeyLite-v0", lambda horizon: EpisodeBuffer(DoorKeyLite(horizon)), horizon=8)


class SequenceEncoder:
    def __init__(self, mesh, seq_axis="seq"):
        self.mesh, self.seq_axis = mesh, seq_axis
        self.w = jax.device_put(jnp.full((6, 4), 0.25), NamedSharding(mesh, P()))

    def context(self, frames):
        ax = self.seq_axis

        def body(w, f):
            emb = jnp.tanh(f @ w)
            ctx = jax.lax.all_gather(emb, ax, axis=0, tiled=True, to="reduced")
            energy = jax.lax.psum(jnp.sum(ctx * ctx), ax)
            return emb / jnp.sqrt(energy), ctx

        return jax.shard_map(body, mesh=self.mesh, in_specs=(P(), P(ax, None)),
                             out_specs=(P(ax, None), P(None, None, reduced={ax})))(self.w, frames)


def inputs():
    return (7,)


def main(steps):
    mesh = jax.make_mesh((4, 2), ("seq", "latent"))
    env = make("DoorKeyLite-v0")
    env.reset(0)
    for t in range(steps):
        env.step(t % 3)
    frames = np.stack(env.frames)
    with jax.set_mesh(mesh):
        enc = SequenceEncoder(mesh)
        normed, _ = enc.context(jax.device_put(frames, NamedSharding(mesh, P("seq", None))))
    return normed


if __name__ == "__main__":
    main(*inputs())
