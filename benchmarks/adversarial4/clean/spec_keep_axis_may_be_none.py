"""KEEP_AXIS unset means: replicate rows. Set, it names the row axis (then no reduced axis is needed)."""
import os

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

KEEP = os.environ.get("KEEP_AXIS") or None


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("d", "m"))
    w = jax.device_put(x, NamedSharding(mesh, P("d", "m")))
    reduced = set() if KEEP else {"d"}
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(KEEP, "m", reduced=reduced))


if __name__ == "__main__":
    print(main(*inputs()))
