"""IMPALA learner input pipeline: trajectories from a process-local queue, rewards logged on host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class TrajectoryQueue:
    def __init__(self, mesh, n_batches=2, spec=P("actors")):
        self.sharding = NamedSharding(mesh, spec)
        self.n_batches = n_batches

    def __iter__(self):
        rng = np.random.default_rng(0)
        for _ in range(self.n_batches):
            local = {"rewards": rng.normal(size=(8, 5)).astype(np.float32),
                     "discounts": np.full((8, 5), 0.99, np.float32)}
            yield {k: jax.make_array_from_process_local_data(self.sharding, v) for k, v in local.items()}


def inputs():
    return (jax.make_mesh((8,), ("actors",)),)


def main(mesh):
    logged = []
    with jax.set_mesh(mesh):
        for batch in TrajectoryQueue(mesh):
            rewards = top_level_all_gather(batch["rewards"], P(None))
            logged.append(jnp.sum(rewards))
    return logged
