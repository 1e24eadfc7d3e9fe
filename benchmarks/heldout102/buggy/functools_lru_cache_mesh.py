"""Checkpoint export: the mesh and output shardings are memoised with functools.lru_cache."""
import functools

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.lru_cache(maxsize=None)
def get_mesh(data, model):
    return jax.make_mesh((data, model), ("data", "model"))


@functools.lru_cache(maxsize=8)
def export_spec(dim):
    # gather the sharded dimension `dim` of a 2-D weight, keep the other sharded
    entries = [None, None]
    entries[1 - dim] = "model"
    return P(*entries, reduced={"data"})


def export(weight):
    mesh = get_mesh(4, 2)
    with jax.set_mesh(mesh):
        w = jax.device_put(weight, NamedSharding(mesh, P("data", "model")))
        return top_level_all_gather(w, export_spec(1))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(weight):
    return export(weight)


if __name__ == "__main__":
    main(*inputs())
