"""Replay sampler feeding the learner; a debugging hook gathers the sampled observations on every host."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Transition(NamedTuple):
    obs: np.ndarray
    action: np.ndarray
    reward: np.ndarray


class ReplaySampler:
    def __init__(self, mesh, storage, batch_size=8, seed=0):
        self.sharding = NamedSharding(mesh, P("actors", "learner"))
        self.vector_sharding = NamedSharding(mesh, P("actors"))
        self.storage = storage
        self.batch_size = batch_size
        self.rng = np.random.default_rng(seed)

    def __iter__(self):
        while True:
            idx = self.rng.integers(0, len(self.storage.reward), size=self.batch_size)
            yield Transition(
                obs=jax.make_array_from_process_local_data(self.sharding, self.storage.obs[idx]),
                action=jax.make_array_from_process_local_data(self.vector_sharding, self.storage.action[idx]),
                reward=jax.make_array_from_process_local_data(self.vector_sharding, self.storage.reward[idx]),
            )


def debug_obs(batch):
    return top_level_all_gather(batch.obs, P("actors", None))


def inputs():
    rng = np.random.default_rng(4)
    storage = Transition(obs=rng.normal(size=(64, 8)).astype(np.float32),
                         action=rng.integers(0, 4, size=64).astype(np.int32),
                         reward=rng.uniform(size=64).astype(np.float32))
    return (storage,)


def main(storage):
    mesh = jax.make_mesh((4, 2), ("actors", "learner"))
    sampler = ReplaySampler(mesh, storage)
    batch = next(iter(sampler))
    with jax.set_mesh(mesh):
        return debug_obs(batch)


if __name__ == "__main__":
    print(main(*inputs()))
