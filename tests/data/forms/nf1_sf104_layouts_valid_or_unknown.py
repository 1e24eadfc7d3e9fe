from typing import NamedTuple

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layouts(NamedTuple):
    train: P = P(("i", "j"), None)
    merge: P = P(None, None, reduced={"i", "j"})


class Other(NamedTuple):
    train: P = P("i", None)
    merge: P = P("j", None)


LAYOUTS = Layouts()
SWAPPED = Other(P("i", None), P(None, reduced={"i"}))  # positional: read by field order, not followed


def merge_factor(a):
    a = jax.reshard(a, LAYOUTS.train)
    return top_level_all_gather(a, LAYOUTS.merge)


def merge_swapped(a):
    a = jax.reshard(a, SWAPPED.train)
    return top_level_all_gather(a, SWAPPED.merge)


def batches(mesh):
    yield jax.make_array_from_process_local_data(NamedSharding(mesh, P("i")), np.ones((8, 4), np.float32))
    yield jax.make_array_from_process_local_data(NamedSharding(mesh, P("j")), np.ones((8, 4), np.float32))


def run(mesh, x):
    first = next(batches(mesh))  # the first yield only, but two differ: unknown
    with jax.set_mesh(mesh):
        rows = top_level_all_gather(first, P(None, reduced={"i"}))
        return merge_factor(x), merge_swapped(x), rows
