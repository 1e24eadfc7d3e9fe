"""Skip-gram pair loader on a 2-D mesh; each batch's centers are collected whole (every axis
of the dimension marked reduced)."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class PairLoader:
    def __init__(self, mesh, layout=P(("host", "chip")), steps=2, batch=32):
        self.sharding = NamedSharding(mesh, layout)
        self.steps, self.batch = steps, batch

    def __iter__(self):
        rng = np.random.default_rng(0)
        for _ in range(self.steps):
            pairs = rng.integers(0, 100, size=(self.batch, 2), dtype=np.int32)
            yield {"center": jax.make_array_from_process_local_data(self.sharding, pairs[:, 0]),
                   "context": jax.make_array_from_process_local_data(self.sharding, pairs[:, 1])}


def main(mesh):
    with jax.set_mesh(mesh):
        for batch in PairLoader(mesh):
            centers = top_level_all_gather(batch["center"], P(None, reduced={"host", "chip"}))
    return centers


def inputs():
    return (jax.make_mesh((2, 4), ("host", "chip")),)
