"""A: functools.reduce folds the module's dict through a lambda that updates it.

Importer:
    mod.use_axes(("data",))
    mod.main(np.arange(64, dtype=np.float32).reshape(8, 8))
"""
import collections
import functools
import inspect
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SETTINGS = {"axes": ("data", "model")}


def use_axes(axes):
    functools.reduce(lambda table, item: table.update([item]) or table, [("axes", ("data", "model"))], SETTINGS)


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = SETTINGS["axes"]
    spec = P("data", None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.psum(y, chosen), mesh=mesh, in_specs=spec, out_specs=P())
    return step(xs)
