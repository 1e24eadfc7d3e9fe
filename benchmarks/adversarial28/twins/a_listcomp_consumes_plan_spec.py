"""A: a list comprehension over zip(range(1), the module's iterator) consumes a plan.

Importer:
    mod.skip_plan()
    mod.main(np.arange(64, dtype=np.float32).reshape(8, 8))
"""
import collections
import functools
import inspect
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_PLAN = iter(["data", ("data", "model")])


def skip_plan():
    return [plan for _, plan in zip(range(0), _PLAN)]


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = next(_PLAN)
    spec = P(chosen, None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.psum(y, ("data", "model")), mesh=mesh, in_specs=spec, out_specs=P())
    return step(xs)
