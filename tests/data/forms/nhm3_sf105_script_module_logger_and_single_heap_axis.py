"""The heap gives the lowest-ranked axis alone (`nsmallest(1, ...)`), ("i",), on which the partly
summed value is in one state; the module logger changes nothing."""
import heapq
import logging

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

logger = logging.getLogger(__name__)


def sync_axes(ranked):
    return tuple(name for _, name in heapq.nsmallest(1, ranked))


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    axes = sync_axes([(2, "j"), (1, "i")])
    log = logging.LoggerAdapter(logger, {"job": "pretrain"})
    log.info("sync axes %s", axes)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
