"""The storage axes are one environment string; the export keeps the first, gathers the rest."""
import os

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

STORE_AXES = tuple(os.environ.get("STORE_AXES", "p,q").split(","))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("p", "q"))
    keep, *rest = STORE_AXES
    w = jax.device_put(x, NamedSharding(mesh, P(*STORE_AXES)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(keep, reduced=set(rest)))


if __name__ == "__main__":
    print(main(*inputs()))
