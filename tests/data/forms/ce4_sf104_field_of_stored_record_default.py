"""A NamedTuple of specs built as a constructor default (`layouts=HeadLayouts()`) and stored on
the object: `loop.layouts.train` reads the field of the stored record."""
from typing import NamedTuple

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class HeadLayouts(NamedTuple):
    train: P = P(("i", "j"), None)
    serve: P = P("j", None)


class Loop:
    def __init__(self, mesh, layouts=HeadLayouts()):
        self.mesh = mesh
        self.layouts = layouts


def main(mesh, x):
    loop = Loop(mesh)
    with jax.set_mesh(mesh):
        head = jax.device_put(np.asarray(x), NamedSharding(mesh, loop.layouts.train))
        return top_level_all_gather(head, loop.layouts.serve)  # SF104
