"""A module list's item raised as an exception's argument and changed through `err.args` in
the handler: the caller's use_axes changes LAYERS[0] itself."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYERS = [{"axes": ("data", "model")}]


def use_axes(axes):
    try:
        raise LookupError(LAYERS[0])
    except LookupError as err:
        err.args[0]["axes"] = axes


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = LAYERS[0]["axes"]
    xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    step = jax.shard_map(lambda y: jax.lax.psum(y, chosen), mesh=mesh, in_specs=P("data", None), out_specs=P())
    return step(xs)
