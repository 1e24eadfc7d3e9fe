"""Stored under one layout, resharded to the configured one, then gathered."""
import os

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

LAYOUT = tuple(os.environ.get("LAYOUT", "a,b").split(","))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    w = jax.device_put(x, NamedSharding(mesh, P("b", "a")))
    with jax.set_mesh(mesh):
        w = jax.reshard(w, P(*LAYOUT))
        return top_level_all_gather(w, P(LAYOUT[0], reduced={LAYOUT[1]}))


if __name__ == "__main__":
    print(main(*inputs()))
