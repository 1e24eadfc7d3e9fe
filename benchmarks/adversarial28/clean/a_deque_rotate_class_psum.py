"""A: collections.deque.rotate called through the class on the module's deque.

Importer:
    mod.next_plan()
    mod.main(np.arange(64, dtype=np.float32).reshape(8, 8))
"""
import collections
import functools
import inspect
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_PLANS = collections.deque([("data", "model"), ("data",)])


def next_plan():
    collections.deque.rotate(_PLANS, -1)


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = _PLANS[0]
    spec = P("data", None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.psum(y, chosen), mesh=mesh, in_specs=spec, out_specs=P())
    return step(xs)
