"""A class whose `__init__` ends the program, made through `cls()` in a classmethod: the job that
calls `Job.make()` ends before its reduction (unmarked: it never runs). Another job of the file
makes no object (its steps are arithmetic and library calls), so its reduction over ("data",
"model") of a value varying on "data" only runs, and JAX raises there."""
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Job:
    def __init__(self):
        sys.exit(0)

    @classmethod
    def make(cls):
        return cls()


def reduce_stopped(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def reduce_run(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def stopped(mesh, x):
    Job.make()
    return reduce_stopped(mesh, x, ("data", "model"))


def run(mesh, x):
    y = jax.numpy.sin(x) + 1
    return reduce_run(mesh, y, ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    try:
        stopped(mesh, x)
    except SystemExit:
        pass
    return run(mesh, x)


if __name__ == "__main__":
    main()
