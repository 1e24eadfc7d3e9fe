"""IMPALA input pipeline: process-local trajectories gathered on host with the reduced axis listed."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class TrajectoryQueue:
    def __init__(self, mesh, spec=P("actors")):
        self.sharding = NamedSharding(mesh, spec)

    def __iter__(self):
        rng = np.random.default_rng(0)
        for _ in range(2):
            yield {"rewards": jax.make_array_from_process_local_data(
                self.sharding, rng.normal(size=(8, 5)).astype(np.float32))}


def inputs():
    return (jax.make_mesh((8,), ("actors",)),)


def main(mesh):
    totals = []
    with jax.set_mesh(mesh):
        for batch in TrajectoryQueue(mesh):
            rewards = top_level_all_gather(batch["rewards"], P(None, reduced={"actors"}))
            totals.append(jax.reshard(rewards, P(None)).sum())
    return totals
