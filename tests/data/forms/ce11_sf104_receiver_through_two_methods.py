"""The gather's out spec is a field of `self` read in a method another method of the object
calls (`evaluate` -> `self.prepare(head)`); the object is built once, its record a constructor
default."""
from typing import NamedTuple

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class HeadLayouts(NamedTuple):
    train: P = P("j", "i")
    eval: P = P(None, None, reduced={"j"})


class EvalLoop:
    def __init__(self, mesh, layouts=HeadLayouts()):
        self.mesh = mesh
        self.layouts = layouts

    def prepare(self, head):
        return top_level_all_gather(head, self.layouts.eval, multi_dim=True)  # SF104

    def evaluate(self, head, features):
        full = self.prepare(head)
        return features @ full


def main(mesh, x):
    loop = EvalLoop(mesh)
    with jax.set_mesh(mesh):
        head = jax.device_put(np.asarray(x), NamedSharding(mesh, loop.layouts.train))
        return loop.evaluate(head, np.asarray(x))
