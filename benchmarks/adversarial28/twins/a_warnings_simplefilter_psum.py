"""A: quiet() turns warnings into errors process-wide; main's pick() takes the error branch.

Importer:
    with mod.warnings.catch_warnings():
        mod.quiet()
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


def quiet():
    warnings.simplefilter("ignore")


def pick():
    try:
        warnings.warn("legacy axes")
    except UserWarning:
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
