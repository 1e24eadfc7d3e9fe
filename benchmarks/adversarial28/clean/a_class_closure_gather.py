"""A: a setter closure made in a class body's helper, exported as a module name.

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

class _Switch:
    def __init__(self):
        box = {"axes": "model"}
        self.get = lambda: box["axes"]
        self.put = lambda axes: box.update(axes=axes)


_SWITCH = _Switch()
use_axes = _SWITCH.put


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = _SWITCH.get()
    spec = P("data", None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.all_gather(y, chosen, axis=0, tiled=True, to="reduced"), mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"data"}))
    return step(xs)
