from typing import NamedTuple

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P


class Layouts(NamedTuple):
    train: P = P(("i", "j"), None)
    merge: P = P("i", None)


LAYOUTS = Layouts()
WIDE = Layouts(merge=P("j", None))


def merge_factor(a):
    a = jax.reshard(a, LAYOUTS.train)
    return top_level_all_gather(a, LAYOUTS.merge)  # SF104: 'j' gathered, not listed reduced


def merge_wide(a):
    a = jax.reshard(a, WIDE.train)
    return top_level_all_gather(a, WIDE.merge)  # SF104: not a prefix of ('i', 'j')


def run(mesh, x):
    with jax.set_mesh(mesh):
        return merge_factor(x), merge_wide(x)
