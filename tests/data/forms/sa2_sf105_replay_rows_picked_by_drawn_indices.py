"""A replay buffer keeps `Transition` records on a `collections.deque(maxlen=...)` and samples
them with `np.random.default_rng`: `idx = rng.integers(0, len(items), size=n)`, `rows =
[items[i] for i in idx]`, then stacks each field. Every record holds host arrays of one shape and
dtype, so whichever record a drawn index picks (or IndexError ends the program) the row has that
form; the batch's ranks build the specs, and the learner step is followed: its loss is reduced
over both axes while it varies on one only."""
import collections
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Transition(NamedTuple):
    obs: np.ndarray
    reward: np.ndarray


class ReplayBuffer:
    def __init__(self, capacity, seed=0):
        self.items, self.rng = collections.deque(maxlen=capacity), np.random.default_rng(seed)

    def add_batch(self, tr):
        for row in zip(*tr):
            self.items.append(Transition(*row))

    def sample(self, n):
        idx = self.rng.integers(0, len(self.items), size=n)
        rows = [self.items[i] for i in idx]
        return Transition(*(np.stack(col).astype(np.float32) for col in zip(*rows)))


def loss(batch, axes):
    local = jnp.mean(batch.obs ** 2) + jnp.mean(batch.reward)
    return jax.lax.psum(local, axes)  # SF105


def inputs():
    return (("data", "model"),)


def main(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    rng = np.random.default_rng(1)
    buffer = ReplayBuffer(64)
    for _ in range(3):
        buffer.add_batch(Transition(rng.normal(size=(8, 4)).astype(np.float32), rng.normal(size=8).astype(np.float32)))
    batch = buffer.sample(16)
    specs = Transition(*(P(axes[0], *([None] * (x.ndim - 1))) for x in batch))
    batch = Transition(*(jax.device_put(x, NamedSharding(mesh, s)) for x, s in zip(batch, specs)))
    step = jax.shard_map(lambda b: loss(b, axes), mesh=mesh, in_specs=(specs,), out_specs=P())
    return step(batch)


if __name__ == "__main__":
    main(*inputs())
