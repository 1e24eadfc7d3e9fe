"""A: the axes kept in a literal default list, set by passing one.

Importer:
    mod.current_axes(("data", "model"))
    mod.main(np.arange(64, dtype=np.float32).reshape(8, 8))
"""
import collections
import functools
import inspect
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

def current_axes(set_to=None, _state=["data"]):
    if set_to is not None:
        _state[0] = "data"
    return _state[0]


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = current_axes()
    spec = P(chosen, None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.psum(y, ("data", "model")), mesh=mesh, in_specs=spec, out_specs=P())
    return step(xs)
