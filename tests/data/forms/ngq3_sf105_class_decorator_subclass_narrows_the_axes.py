"""A class decorator returns a subclass with narrower axes: the name `Plan` is that subclass."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def rows_only(cls):
    class Rows(cls):
        AXES = ("i",)
    return Rows


@rows_only
class Plan:
    AXES = ("i", "j")


def main(mesh, x):
    x = jax.device_put(np.asarray(x), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, Plan.AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
