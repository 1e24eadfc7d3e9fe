"""The input's row axis is configurable; the export spec names the default literally."""
import os

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SHARD_AXIS = os.environ.get("SHARD_AXIS", "i")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    w = jax.device_put(x, NamedSharding(mesh, P(SHARD_AXIS, "j")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(None, "j", reduced={"i"}))


if __name__ == "__main__":
    print(main(*inputs()))
