"""PLAN is built wide; `inspect.signature` only reads its class's `__init__`: the reduce runs over
("data", "model") of a value varying on "data" only, and JAX raises there."""
import inspect

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    def __init__(self, axes):
        self.axes = axes


PLAN = Plan(("data", "model"))


def describe():
    inspect.signature(Plan.__init__)


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    describe()
    return reduce(mesh, x, PLAN.axes)


if __name__ == "__main__":
    main()
