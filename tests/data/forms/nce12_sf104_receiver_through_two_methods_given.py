"""The same two-method chain on an object built with its own record whose eval spec is a valid
gather (the class default would not be): JAX accepts it."""
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
        return top_level_all_gather(head, self.layouts.eval, multi_dim=True)

    def evaluate(self, head, features):
        full = self.prepare(head)
        return features @ full


def main(mesh, x):
    loop = EvalLoop(mesh, HeadLayouts(eval=P(None, None, reduced={"i", "j"})))
    with jax.set_mesh(mesh):
        head = jax.device_put(np.asarray(x), NamedSharding(mesh, loop.layouts.train))
        return loop.evaluate(head, np.asarray(x))
