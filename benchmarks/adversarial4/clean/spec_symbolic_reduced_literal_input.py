"""Stored on literal axes; the gathered axis is named by GATHER_AXIS (the model axis by default)."""
import os

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

GATHER_AXIS = os.environ.get("GATHER_AXIS", "model")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P("data", reduced={GATHER_AXIS}))


if __name__ == "__main__":
    print(main(*inputs()))
