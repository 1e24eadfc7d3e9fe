"""E (stated exclusion): a module function writes through its parameter; the importer hands it the module's CONFIG.

Importer:
    mod.set_option(mod.CONFIG, "axes", ("data", "model"))
    mod.main(np.arange(64, dtype=np.float32).reshape(8, 8))
"""
import collections
import functools
import inspect
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
CONFIG = {"axes": ("data", "model")}


def set_option(config, key, value):
    config[key] = value


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = CONFIG["axes"]
    spec = P("data", None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.psum(y, chosen), mesh=mesh, in_specs=spec, out_specs=P())
    return step(xs)
