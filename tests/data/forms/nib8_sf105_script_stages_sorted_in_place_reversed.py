"""Stages sorted in place with reverse=True: the last by their __lt__ comes first,
the stage over 'i' (a model that ignored reverse would take the stage over both axes)."""

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Stage:
    def __init__(self, axes, order):
        self.axes = axes
        self.order = order

    def __lt__(self, other):
        return self.order < other.order


def main():
    stages = [Stage("j", 1), Stage(("i", "j"), 0), Stage("i", 2)]
    stages.sort(reverse=True)
    return reduce_over(stages[0].axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
