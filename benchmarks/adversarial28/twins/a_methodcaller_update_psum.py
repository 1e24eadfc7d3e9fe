"""A: use_axes applies operator.methodcaller('update', ...) to the module's dict.

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

import operator

SETTINGS = {"axes": ("data", "model")}


def use_axes(axes):
    operator.methodcaller("update", axes=("data", "model"))(SETTINGS)


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = SETTINGS["axes"]
    spec = P("data", None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.psum(y, chosen), mesh=mesh, in_specs=spec, out_specs=P())
    return step(xs)
