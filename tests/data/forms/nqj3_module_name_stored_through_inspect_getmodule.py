"""`inspect.getmodule(f).AXES = a`: the module object of one of its own functions is the
module itself, so use_axes rebinds AXES."""
import inspect

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


def use_axes(axes):
    inspect.getmodule(use_axes).AXES = axes


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = AXES
    xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    step = jax.shard_map(lambda y: jax.lax.psum(y, chosen), mesh=mesh, in_specs=P("data", None), out_specs=P())
    return step(xs)
