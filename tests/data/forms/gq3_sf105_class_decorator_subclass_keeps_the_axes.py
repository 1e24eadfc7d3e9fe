"""A class decorator returns a subclass that sets only a name: `Plan.AXES` is the body's."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def named(cls):
    class Named(cls):
        NAME = "plan"
    return Named


@named
class Plan:
    AXES = ("i", "j")


def main(mesh, x):
    x = jax.device_put(np.asarray(x), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, Plan.AXES)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
