"""A module logger reports the layout, and the axes are taken off a heap of (rank, name): the
heap pops them by rank, ("i", "j"), on which the partly summed value is in two states."""
import heapq
import logging

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

logger = logging.getLogger(__name__)


def sync_axes(ranked):
    heap = list(ranked)
    heapq.heapify(heap)
    return tuple(heapq.heappop(heap)[1] for _ in range(len(ranked)))


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    axes = sync_axes([(2, "j"), (1, "i")])
    log = logging.LoggerAdapter(logger, {"job": "pretrain"})
    log.info("sync axes %s", axes)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
