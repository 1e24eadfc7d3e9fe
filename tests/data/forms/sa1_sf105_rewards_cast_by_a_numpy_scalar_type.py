"""A gym-like step returns its reward as `np.float32(-np.abs(state).mean())` and a vectorised
wrapper stacks them with `np.array([...], np.float32)`; the replay side splits the batch into
rows with `zip(*columns)`. NumPy's scalar type of a rank-0 array is a rank-0 scalar of that type
(of an array, an array of its shape), and `-x` keeps x's shape and dtype, so the rows are as
many as the envs, each column's spec is built from its rank, and the learner step after them
is followed: its loss is reduced over both axes while it varies on one only."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class PointEnv:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.state = self.rng.normal(size=4).astype(np.float32)

    def step(self):
        self.state = (0.9 * self.state + 0.1 * self.rng.normal(size=4)).astype(np.float32)
        return self.state.copy(), np.float32(-np.abs(self.state).mean())


def rollout(envs):
    steps = [env.step() for env in envs]
    columns = (np.stack([s[0] for s in steps]), np.array([s[1] for s in steps], np.float32))
    rows = list(zip(*columns))
    return np.stack([o for o, _ in rows]), np.array([r for _, r in rows], np.float32)


def loss(obs, reward, axes):
    local = jnp.mean(obs ** 2) + jnp.mean(reward)
    return jax.lax.psum(local, axes)  # SF105


def inputs():
    return (("data", "model"),)


def main(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    batch = rollout([PointEnv(seed) for seed in range(8)])
    specs = tuple(P(axes[0], *([None] * (x.ndim - 1))) for x in batch)
    batch = [jax.device_put(x, NamedSharding(mesh, s)) for x, s in zip(batch, specs)]
    step = jax.shard_map(lambda o, r: loss(o, r, axes), mesh=mesh, in_specs=specs, out_specs=P())
    return step(*batch)

if __name__ == "__main__":
    main(*inputs())
