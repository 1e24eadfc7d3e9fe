"""PLAN is built wide, then initialised again narrow by a subclass `__init__` that rebinds
`self` to it before calling the base initialiser: the reduce runs over "data" only."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    def __init__(self, axes):
        self.axes = axes


PLAN = Plan(("data", "model"))


class Narrow(Plan):
    def __init__(self, target):
        self = target
        Plan.__init__(self, ("data",))


def narrow():
    Narrow(PLAN)


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    narrow()
    return reduce(mesh, x, PLAN.axes)


if __name__ == "__main__":
    main()
