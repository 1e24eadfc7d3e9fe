"""Batches from iterating a loader object (its `__iter__` a generator yielding a dict
comprehension placed with the sharding `__init__` stores), each handed with a key to a helper."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

PLOT_SPEC = P(("j", "i"), None)


class Loader:
    def __init__(self, mesh, names, spec=P(("i", "j"), None), steps=2):
        self.sharding = NamedSharding(mesh, spec)
        self.names = names
        self.steps = steps

    def __iter__(self):
        for _ in range(self.steps):
            yield {n: jax.device_put(np.ones((8, 8), np.float32), self.sharding) for n in self.names}


def gather_for_plot(batch, name):
    return top_level_all_gather(batch[name], PLOT_SPEC)  # SF104


def main(mesh, x):
    plots = []
    with jax.set_mesh(mesh):
        for batch in Loader(mesh, ("t2m", "z500")):
            plots.append(gather_for_plot(batch, "z500"))
    return plots
