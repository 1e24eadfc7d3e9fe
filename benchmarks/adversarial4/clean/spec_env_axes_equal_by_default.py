"""Export axes come from two environment variables that name the same axis by default."""
import os

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

ROW_AXIS = os.environ.get("TRAIN_ROW_AXIS", "data")
COL_AXIS = os.environ.get("TRAIN_COL_AXIS", "model")
EXPORT_AXIS = os.environ.get("EXPORT_KEEP_AXIS", "data")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P(ROW_AXIS, COL_AXIS)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(EXPORT_AXIS, reduced={COL_AXIS}))


if __name__ == "__main__":
    print(main(*inputs()))
