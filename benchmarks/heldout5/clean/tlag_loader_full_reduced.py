"""Input pipeline: host-local labels become a global array and are gathered with a full reduced spec."""
import numpy as np

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH_SPEC = P(("data", "fsdp"))
LOG_SPEC = P(None, reduced={"data", "fsdp"})


def inputs():
    return (jax.make_mesh((2, 4), ("data", "fsdp")),)


def main(mesh):
    labels = np.arange(16, dtype=np.int32) % 10
    labels = jax.make_array_from_process_local_data(NamedSharding(mesh, BATCH_SPEC), labels)
    with jax.set_mesh(mesh):
        return jax.reshard(top_level_all_gather(labels, LOG_SPEC), P())
