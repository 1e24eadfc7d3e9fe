"""Batches a queue object's methods append to a list attribute (`__init__` sets it to []), handed
out by `__iter__` with `yield from self._items`, each gathered by a module helper."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Queue:
    def __init__(self, mesh, capacity=3):
        self.sharding = NamedSharding(mesh, P(("i", "j"), None))
        self.capacity = capacity
        self._items = []

    def put(self, batch):
        if len(self._items) >= self.capacity:
            self._items.pop(0)
        self._items.append(jax.device_put(batch, self.sharding))

    def __iter__(self):
        yield from self._items


def learner_view(batch):
    return top_level_all_gather(batch, P("i", None))  # SF104


def main(mesh, x):
    queue = Queue(mesh)
    for _ in range(2):
        queue.put(np.asarray(x))
    out = []
    with jax.set_mesh(mesh):
        for batch in queue:
            out.append(learner_view(batch))
    return out
