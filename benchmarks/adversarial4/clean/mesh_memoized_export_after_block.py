"""Exports are memoized per parameter name; the call after the block is served from the cache."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

STORE = {}


@functools.cache
def exported(name):
    return top_level_all_gather(STORE[name], P(None, "m", reduced={"d"}))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("d", "m"))
    with jax.set_mesh(mesh):
        STORE["w"] = jax.device_put(x, NamedSharding(mesh, P("d", "m")))
        first = exported("w")
    again = exported("w")
    return first + again


if __name__ == "__main__":
    print(main(*inputs()))
