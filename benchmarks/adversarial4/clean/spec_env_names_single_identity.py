"""PARAM_AXES lists the axes of the leading dims (one by default); export keeps the first as is."""
import os

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

PARAM_AXES = tuple(os.environ.get("PARAM_AXES", "fsdp").split(","))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((8,), ("fsdp",))
    w = jax.device_put(x, NamedSharding(mesh, P(*PARAM_AXES)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(PARAM_AXES[0]))


if __name__ == "__main__":
    print(main(*inputs()))
