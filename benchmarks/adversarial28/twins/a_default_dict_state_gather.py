"""A: one function reads and sets the axes kept in its literal default dict.

Importer:
    mod.current_axes("data")
    mod.main(np.arange(64, dtype=np.float32).reshape(8, 8))
"""
import collections
import functools
import inspect
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

def current_axes(set_to=None, _state={"axes": "model"}):
    if set_to is not None:
        _state["axes"] = "model"
    return _state["axes"]


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = current_axes()
    spec = P("data", None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.all_gather(y, chosen, axis=0, tiled=True, to="reduced"), mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"data"}))
    return step(xs)
