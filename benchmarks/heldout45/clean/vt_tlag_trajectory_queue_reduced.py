"""IMPALA trajectory queue: actor batches placed on the learner mesh, regathered per learner."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LEARNER, CORE = "learner", "core"


class TrajectoryQueue:
    def __init__(self, mesh, capacity=3):
        self.sharding = NamedSharding(mesh, P((LEARNER, CORE), None))
        self.capacity = capacity
        self._items = []

    def put(self, batch):
        if len(self._items) >= self.capacity:
            self._items.pop(0)
        self._items.append(jax.device_put(batch, self.sharding))

    def __iter__(self):
        yield from self._items


def learner_view(batch):
    return top_level_all_gather(batch, P(LEARNER, None, reduced={CORE}))


def inputs():
    rng = np.random.default_rng(8)
    return [rng.normal(size=(16, 4)).astype(np.float32) for _ in range(2)],


def main(batches):
    mesh = jax.make_mesh((4, 2), (LEARNER, CORE))
    queue = TrajectoryQueue(mesh)
    for b in batches:
        queue.put(b)
    out = []
    with jax.set_mesh(mesh):
        for batch in queue:
            out.append(learner_view(batch))
    return out


if __name__ == "__main__":
    main(*inputs())
