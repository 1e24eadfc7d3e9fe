"""The second dimension is split over an (outer, inner) pair from the environment; export keeps outer."""
import os

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

OUTER = os.environ.get("OUTER_AXIS", "b")
INNER = os.environ.get("INNER_AXIS", "c")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 2, 2), ("a", "b", "c"))
    w = jax.device_put(x, NamedSharding(mesh, P("a", (OUTER, INNER))))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P("a", OUTER, reduced={INNER}))


if __name__ == "__main__":
    print(main(*inputs()))
