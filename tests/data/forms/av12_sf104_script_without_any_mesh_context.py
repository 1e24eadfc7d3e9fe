import os

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def shard_rows(mesh, x):
    return jax.device_put(x, NamedSharding(mesh, P(os.environ.get("ROW_AXIS", "i"))))


def summarize(preds):
    full = top_level_all_gather(preds, P(None, reduced={"i"}))  # SF104: no context mesh on the way
    return float(np.asarray(full).sum())


def main(mesh, x):
    return summarize(shard_rows(mesh, x) * 2.0)


if __name__ == "__main__":
    print(main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32)))
