"""ROW_AXES (a comma list) splits the first dimension; the export keeps its first axis."""
import os

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

ROW_AXES = tuple(os.environ.get("ROW_AXES", "replica,fsdp").split(","))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("replica", "fsdp"))
    w = jax.device_put(x, NamedSharding(mesh, P(ROW_AXES)))
    with jax.set_mesh(mesh):
        full = top_level_all_gather(w, P(ROW_AXES))
        kept = top_level_all_gather(w, P(ROW_AXES[0]))
    return full, kept


if __name__ == "__main__":
    print(main(*inputs()))
