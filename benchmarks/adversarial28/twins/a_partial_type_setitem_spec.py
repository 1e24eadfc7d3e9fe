"""A: use_axes is functools.partial(dict.__setitem__, SETTINGS, 'axes').

Importer:
    mod.use_axes(("data", "model"))
    mod.main(np.arange(64, dtype=np.float32).reshape(8, 8))
"""
import collections
import functools
import inspect
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SETTINGS = {"axes": "data"}
use_axes = functools.partial(dict.__setitem__, SETTINGS, "mode")


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = SETTINGS["axes"]
    spec = P(chosen, None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.psum(y, ("data", "model")), mesh=mesh, in_specs=spec, out_specs=P())
    return step(xs)
