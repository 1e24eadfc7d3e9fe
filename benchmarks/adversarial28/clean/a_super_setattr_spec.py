"""A: use_axes stores through super(Config, CONFIG).__setattr__.

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

class Config:
    def __init__(self):
        self.axes = "data"


CONFIG = Config()


def use_axes(axes):
    super(Config, CONFIG).__setattr__("axes", axes)


def main(x):
    rows, cols = x.shape
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = CONFIG.axes
    spec = P(chosen, None)
    xs = jax.device_put(x, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda y: jax.lax.psum(y, ("data", "model")), mesh=mesh, in_specs=spec, out_specs=P())
    return step(xs)
