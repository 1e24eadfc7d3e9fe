"""Snapshot of the scheduler's waiting queue for the admission controller."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class QueueLayout:
    replica_axis: str = "replica"
    slot_axis: str = "slot"

    @property
    def scheduler(self):
        return P((self.replica_axis, self.slot_axis), None)

    @property
    def admission(self):
        return P(self.slot_axis, None, reduced={self.replica_axis})


class WaitingQueue:
    def __init__(self, mesh, layout):
        self.mesh = mesh
        self.layout = layout

    def enqueue(self, requests):
        return jax.device_put(requests, NamedSharding(self.mesh, self.layout.scheduler))

    def snapshot(self, queue):
        return top_level_all_gather(queue, self.layout.admission)


def inputs():
    rng = np.random.default_rng(3)
    return (rng.integers(0, 4096, size=(16, 4)).astype(np.int32),)


def main(requests):
    layout = QueueLayout()
    mesh = jax.make_mesh((2, 4), (layout.replica_axis, layout.slot_axis))
    queue = WaitingQueue(mesh, layout)
    with jax.set_mesh(mesh):
        placed = queue.enqueue(requests)
        snap = queue.snapshot(placed)
    return snap


if __name__ == "__main__":
    main(*inputs())
