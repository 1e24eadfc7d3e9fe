"""A: a set comprehension over the module's layers pops and sets each.

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

LAYERS = [{"axes": ("data", "model")}]


def use_axes(axes):
    {layer.pop("axes") for layer in LAYERS}
    {layer.setdefault("axes", ("data", "model")) for layer in LAYERS}


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = LAYERS[0]["axes"]
    spec = P("data", None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.psum(y, chosen), mesh=mesh, in_specs=spec, out_specs=P())
    return step(xs)
