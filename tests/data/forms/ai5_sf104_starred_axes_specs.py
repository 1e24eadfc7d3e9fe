from typing import NamedTuple

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

COLS = ("j",)


class Layout:
    ROWS = (("i", "j"), None)


class Axes(NamedTuple):
    batch: str
    hidden: str = "j"


AXES = Axes(batch="i")


def run(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(None, *COLS)))
        b = jax.device_put(x, NamedSharding(mesh, P(*Layout.ROWS)))
        c = jax.reshard(x, P(*AXES))
        ga = top_level_all_gather(a, P(None, None))  # SF104
        gb = top_level_all_gather(b, P(*COLS, None))  # SF104
        gc = top_level_all_gather(c, P(AXES.hidden, None))  # SF104
    return ga, gb, gc
