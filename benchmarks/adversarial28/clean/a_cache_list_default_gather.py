"""A: a memo list in a default parameter makes settings() one dict.

Importer:
    mod.use_axes("data")
    mod.main(np.arange(64, dtype=np.float32).reshape(8, 8))
"""
import collections
import functools
import inspect
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

def settings(_memo=[]):
    if not _memo:
        _memo.append({"axes": "model"})
    return _memo[0]


def use_axes(axes):
    settings()["axes"] = axes


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = settings()["axes"]
    spec = P("data", None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.all_gather(y, chosen, axis=0, tiled=True, to="reduced"), mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"data"}))
    return step(xs)
