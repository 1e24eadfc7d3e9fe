"""A: strict() makes DeprecationWarning an error process-wide; main's pick() takes the error branch.

Importer:
    with mod.warnings.catch_warnings():
        mod.strict()
        mod.main(np.arange(64, dtype=np.float32).reshape(8, 8))
"""
import collections
import functools
import inspect
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

import warnings


def strict():
    warnings.filterwarnings("error", category=DeprecationWarning)


def pick():
    try:
        warnings.warn("old axes", DeprecationWarning)
    except DeprecationWarning:
        return ("data",)
    return ("data", "model")


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = pick()
    spec = P("data", None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.psum(y, chosen), mesh=mesh, in_specs=spec, out_specs=P())
    return step(xs)
