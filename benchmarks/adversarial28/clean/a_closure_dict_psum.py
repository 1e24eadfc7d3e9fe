"""A: a getter and a setter closing over one dict made by a module-level call.

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

def _make_switch():
    state = {"axes": ("data", "model")}

    def get():
        return state["axes"]

    def put(axes):
        state["axes"] = axes
    return get, put


get_axes, use_axes = _make_switch()


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = get_axes()
    spec = P("data", None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.psum(y, chosen), mesh=mesh, in_specs=spec, out_specs=P())
    return step(xs)
